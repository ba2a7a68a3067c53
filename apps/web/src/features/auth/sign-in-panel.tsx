import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthLinks } from './auth-dialogs';
import { PasswordSignIn } from './password-sign-in';
import { SmsSignIn } from './sms-sign-in';
import { useAuthOptions } from './use-auth-options';

type Method = 'password' | 'sms';

/** The sign-in methods the server offers, the first one chosen by the screen's layout. */
export function SignInPanel({ first }: { first: Method }) {
  const { t } = useTranslation();
  const { options } = useAuthOptions();
  const [method, setMethod] = useState<Method>(first);
  const methods: Method[] = options.smsEnabled ? (first === 'sms' ? ['sms', 'password'] : ['password', 'sms']) : ['password'];
  const shown = methods.includes(method) ? method : 'password';
  return (
    <div className="sign-in-panel">
      {methods.length > 1 && (
        <div className="method-switch" role="tablist">
          {methods.map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              aria-selected={m === shown}
              className={m === shown ? 'active' : ''}
              onClick={() => setMethod(m)}
              data-testid={`login-tab-${m}`}
            >
              {t(m === 'sms' ? 'login.tabSms' : 'login.tabPassword')}
            </button>
          ))}
        </div>
      )}
      {shown === 'password' ? <PasswordSignIn captchaEnabled={options.captchaEnabled} /> : <SmsSignIn captchaEnabled={options.captchaEnabled} />}
      <AuthLinks captchaEnabled={options.captchaEnabled} />
    </div>
  );
}
