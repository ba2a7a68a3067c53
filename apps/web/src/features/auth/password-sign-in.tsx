import { LoginBody } from '@lightdesk/contract';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { rememberedUsername } from '../../lib/auth-token';
import { useContractChecks } from '../../components/field-rules';
import { ApiError } from '../../lib/http';
import { login } from './api';
import { CaptchaField } from './captcha-field';
import { CheckboxInput, Field, PasswordInput, SubmitButton, TextInput, type RememberState } from './controls';
import { useCaptcha } from './use-captcha';
import { useCompleteSignIn } from './use-complete-sign-in';
import { useForm, type Rules } from './use-form';

interface Values {
  username: string;
  password: string;
  captcha: string;
}

/** Username and password sign-in; the username is trimmed. */
export function PasswordSignIn({ captchaEnabled: offered, remember }: { captchaEnabled: boolean; remember: RememberState }) {
  const { t } = useTranslation();
  // After repeated failures the server asks for the captcha even where it is otherwise off.
  const [demanded, setDemanded] = useState(false);
  const captchaEnabled = offered || demanded;
  const check = useContractChecks(LoginBody);
  const rules = useMemo<Rules<Values>>(
    () => ({
      username: check('username', t('login.username')),
      password: check('password', t('login.password')),
      ...(captchaEnabled ? { captcha: (v: string) => (v.trim() ? undefined : t('login.required.captcha')) } : {}),
    }),
    [t, check, captchaEnabled],
  );
  const form = useForm<Values>({ username: rememberedUsername() ?? '', password: '', captcha: '' }, rules);
  const [busy, setBusy] = useState(false);
  const captcha = useCaptcha(captchaEnabled);
  const complete = useCompleteSignIn();
  const { values, errors } = form;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form.validate()) return;
    setBusy(true);
    const username = values.username.trim();
    try {
      const result = await login({
        username,
        password: values.password,
        captchaVerification: captcha.verification(values.captcha),
        rememberMe: remember.value,
      });
      complete(result, remember.value, username);
    } catch (error) {
      // The client has shown why; a captcha is single use, so offer a fresh one.
      if (error instanceof ApiError && error.envelope.key === 'auth.captcha-required') setDemanded(true);
      form.set('captcha', '');
      captcha.refresh();
      setBusy(false);
    }
  };

  return (
    <form className="sign-in-form" noValidate onSubmit={(e) => void submit(e)}>
      <Field label={t('login.username')} error={errors.username}>
        {(id, describedBy) => (
          <TextInput
            id={id}
            aria-describedby={describedBy}
            autoComplete="username"
            value={values.username}
            onValue={(v) => form.set('username', v)}
            onBlur={() => form.blur('username')}
            testId="login-username"
          />
        )}
      </Field>
      <Field label={t('login.password')} error={errors.password}>
        {(id, describedBy) => (
          <PasswordInput
            id={id}
            aria-describedby={describedBy}
            autoComplete="current-password"
            value={values.password}
            onValue={(v) => form.set('password', v)}
            onBlur={() => form.blur('password')}
            testId="login-password"
          />
        )}
      </Field>
      {captchaEnabled && (
        <CaptchaField
          state={captcha}
          value={values.captcha}
          error={errors.captcha}
          onValue={(v) => form.set('captcha', v)}
          onBlur={() => form.blur('captcha')}
        />
      )}
      <div className="login-row">
        <CheckboxInput checked={remember.value} onChecked={remember.set} label={t('login.remember')} testId="login-remember" />
      </div>
      <SubmitButton busy={busy} testId="login-submit">
        {busy ? t('login.signingIn') : t('login.submit')}
      </SubmitButton>
    </form>
  );
}
