import { useLanguage } from '../../lib/i18n/use-language';

/** The brand's languages as plain links: lighter than a dropdown on the sign-in screen. */
export function LanguageLinks() {
  const { current, offered, change } = useLanguage();
  if (offered.length < 2) return null;
  return (
    <div className="language-links" data-testid="login-languages">
      {offered.map((l) => (
        <button
          key={l.code}
          type="button"
          lang={l.code}
          className={l.code === current ? 'active' : ''}
          aria-pressed={l.code === current}
          onClick={() => void change(l.code)}
        >
          {l.label}
        </button>
      ))}
    </div>
  );
}
