import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rememberChoice } from '../../lib/auth-token';
import { lazyPart } from '../../lib/lazy';
import { AuthLinks } from './auth-dialogs';
import type { RememberState } from './controls';
import { PasswordSignIn } from './password-sign-in';
import { SocialSignIn } from './social-sign-in';
import { useAuthOptions } from './use-auth-options';
import { useSocialReturn } from './use-social-return';

// Most people sign in with a password: the SMS form loads when its tab is chosen.
const SmsSignIn = lazyPart<{ captchaEnabled: boolean; remember: RememberState }>(() => import('./sms-sign-in').then((m) => ({ default: m.SmsSignIn })));

type Method = 'password' | 'sms';

/** The sign-in methods the server offers, the first one chosen by the screen's layout. */
export function SignInPanel({ first }: { first: Method }) {
  const { t } = useTranslation();
  const { options } = useAuthOptions();
  const [method, setMethod] = useState<Method>(first);
  // One "remember me" for every way in: the forms show it, the provider buttons follow it.
  const [rememberValue, setRemember] = useState(rememberChoice);
  const remember = { value: rememberValue, set: setRemember };
  const returning = useSocialReturn();
  if (returning) {
    return (
      <div className="sign-in-panel">
        <p className="social-pending" role="status" data-testid="social-pending">
          {t('social.finishing')}
        </p>
      </div>
    );
  }
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
      {shown === 'password' ? (
        <PasswordSignIn captchaEnabled={options.captchaEnabled} remember={remember} />
      ) : (
        <SmsSignIn captchaEnabled={options.captchaEnabled} remember={remember} />
      )}
      <SocialSignIn providers={options.socialProviders} remember={rememberValue} />
      <AuthLinks captchaEnabled={options.captchaEnabled} />
    </div>
  );
}
