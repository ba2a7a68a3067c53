import { ResultCode, SmsLoginBody } from '@lightdesk/contract';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractChecks } from '../../components/field-rules';
import { ApiError } from '../../lib/http';
import { sendSmsCode, smsLogin } from './api';
import { CaptchaField } from './captcha-field';
import { CheckboxInput, Field, SubmitButton, TextInput, type RememberState } from './controls';
import { useCaptcha } from './use-captcha';
import { useCompleteSignIn } from './use-complete-sign-in';
import { useForm, type Rules } from './use-form';

interface Values {
  mobile: string;
  captcha: string;
  code: string;
}

/** Seconds before another code may be asked for (the server sends no sooner one anyway). */
const RESEND_AFTER = 60;

/** Sign-in with a one-time code sent by SMS; the mobile number is trimmed. */
export function SmsSignIn({ captchaEnabled, remember }: { captchaEnabled: boolean; remember: RememberState }) {
  const { t } = useTranslation();
  const check = useContractChecks(SmsLoginBody);
  const rules = useMemo<Rules<Values>>(
    () => ({
      mobile: check('mobile', t('login.mobile')),
      code: check('code', t('login.smsCode')),
      ...(captchaEnabled ? { captcha: (v: string) => (v.trim() ? undefined : t('login.required.captcha')) } : {}),
    }),
    [t, check, captchaEnabled],
  );
  const form = useForm<Values>({ mobile: '', captcha: '', code: '' }, rules);
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  const [wait, setWait] = useState(0);
  const [notice, setNotice] = useState<string>();
  // The server's refusal (no SMS here, or the gateway failed): shown where the code was awaited.
  const [refusal, setRefusal] = useState<string>();
  const captcha = useCaptcha(captchaEnabled);
  const complete = useCompleteSignIn();
  const { values, errors } = form;

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  /** Other failures are shown by the HTTP client; a refusal (555) is the form's to tell. */
  const showRefusal = (error: unknown) => {
    if (error instanceof ApiError && error.code === ResultCode.refusal) setRefusal(error.text);
  };

  const send = async () => {
    // The captcha guards sending the code; the code itself is checked at sign-in.
    if (sending || !form.validate(captchaEnabled ? ['mobile', 'captcha'] : ['mobile'])) return;
    setSending(true);
    setRefusal(undefined);
    const mobile = values.mobile.trim();
    try {
      await sendSmsCode({ mobile, captchaVerification: captcha.verification(values.captcha) });
      setNotice(t('login.codeSent', { mobile }));
      setWait(RESEND_AFTER);
    } catch (error) {
      setNotice(undefined);
      showRefusal(error);
    } finally {
      form.set('captcha', '');
      captcha.refresh();
      setSending(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form.validate(['mobile', 'code'])) return;
    setBusy(true);
    setRefusal(undefined);
    try {
      const result = await smsLogin({ mobile: values.mobile.trim(), code: values.code.trim(), rememberMe: remember.value });
      complete(result, remember.value);
    } catch (error) {
      showRefusal(error);
      setBusy(false);
    }
  };

  return (
    <form className="sign-in-form" noValidate onSubmit={(e) => void submit(e)}>
      <Field label={t('login.mobile')} error={errors.mobile}>
        {(id, describedBy) => (
          <TextInput
            id={id}
            aria-describedby={describedBy}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            value={values.mobile}
            onValue={(v) => form.set('mobile', v)}
            onBlur={() => form.blur('mobile')}
            testId="sms-mobile"
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
      <Field label={t('login.smsCode')} error={errors.code ?? refusal} extra={notice}>
        {(id, describedBy) => (
          <div className="inline-field">
            <TextInput
              id={id}
              aria-describedby={describedBy}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              value={values.code}
              onValue={(v) => form.set('code', v)}
              onBlur={() => form.blur('code')}
              testId="sms-code"
            />
            <button type="button" className="secondary-button" onClick={() => void send()} disabled={sending || wait > 0} data-testid="sms-send">
              {wait > 0 ? t('login.resendIn', { seconds: wait }) : t('login.sendCode')}
            </button>
          </div>
        )}
      </Field>
      <div className="login-row">
        <CheckboxInput checked={remember.value} onChecked={remember.set} label={t('login.remember')} />
      </div>
      <SubmitButton busy={busy} testId="sms-submit">
        {busy ? t('login.signingIn') : t('login.submit')}
      </SubmitButton>
    </form>
  );
}
