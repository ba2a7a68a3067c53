import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Plain inputs styled like the console's antd ones (login.css). The sign-in screens use
 * these instead of antd so that they load without the component library.
 */
export function Field({
  label,
  error,
  extra,
  children,
}: {
  label: string;
  error?: string;
  extra?: ReactNode;
  children: (id: string, describedBy?: string) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children(id, error ? errorId : undefined)}
      {error ? (
        <div className="field-error" id={errorId} role="alert">
          {error}
        </div>
      ) : (
        extra && <div className="field-extra">{extra}</div>
      )}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  value: string;
  onValue: (value: string) => void;
  testId?: string;
};

export function TextInput({ value, onValue, testId, className, ...rest }: InputProps) {
  return (
    <input {...rest} className={`text-input${className ? ` ${className}` : ''}`} value={value} onChange={(e) => onValue(e.target.value)} data-testid={testId} />
  );
}

export function PasswordInput({ value, onValue, testId, ...rest }: InputProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <div className="password-input">
      <TextInput {...rest} type={shown ? 'text' : 'password'} value={value} onValue={onValue} testId={testId} />
      <button
        type="button"
        className="reveal"
        onClick={() => setShown(!shown)}
        aria-label={t(shown ? 'login.hidePassword' : 'login.showPassword')}
        aria-pressed={shown}
      >
        {shown ? (
          <svg viewBox="0 0 24 24" aria-hidden>
            <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <circle cx="12" cy="12" r="3" fill="currentColor" />
          </svg>
        ) : (
          <svg viewBox="0 0 24 24" aria-hidden>
            <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <path d="M4 4l16 16" stroke="currentColor" strokeWidth="1.8" />
          </svg>
        )}
      </button>
    </div>
  );
}

/** "Remember me", shared by every way of signing in on the screen. */
export interface RememberState {
  value: boolean;
  set: (value: boolean) => void;
}

export function CheckboxInput({
  checked,
  onChecked,
  label,
  testId,
}: {
  checked: boolean;
  onChecked: (checked: boolean) => void;
  label: string;
  testId?: string;
}) {
  return (
    <label className="checkbox">
      <input type="checkbox" checked={checked} onChange={(e) => onChecked(e.target.checked)} data-testid={testId} />
      <span>{label}</span>
    </label>
  );
}

export function SubmitButton({ busy, children, testId }: { busy: boolean; children: ReactNode; testId?: string }) {
  return (
    <button type="submit" className="primary-button" disabled={busy} aria-busy={busy} data-testid={testId}>
      {busy && <span className="button-spinner" aria-hidden />}
      {children}
    </button>
  );
}
