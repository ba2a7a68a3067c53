import { useTranslation } from 'react-i18next';
import { Field, TextInput } from './controls';
import type { CaptchaState } from './use-captcha';

/** The server's image challenge beside its answer box; a click on the image draws a new one. */
export function CaptchaField({
  state,
  value,
  error,
  onValue,
  onBlur,
}: {
  state: CaptchaState;
  value: string;
  error?: string;
  onValue: (v: string) => void;
  onBlur: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Field label={t('login.captcha')} error={error}>
      {(id, describedBy) => (
        <div className="inline-field">
          <TextInput
            id={id}
            aria-describedby={describedBy}
            autoComplete="off"
            maxLength={8}
            value={value}
            onValue={onValue}
            onBlur={onBlur}
            testId="login-captcha"
          />
          <button type="button" className="captcha-image" onClick={state.refresh} title={t('login.captchaRefresh')} aria-label={t('login.captchaRefresh')}>
            {state.challenge ? <img src={state.challenge.image} alt={t('login.captcha')} /> : <span>…</span>}
          </button>
        </div>
      )}
    </Field>
  );
}
