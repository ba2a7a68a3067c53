import { useEffect, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { copyrightLine, getBrand, type Brand } from '../../lib/brands';
import { BrandBackdrop } from './brand-backdrop';
import { LanguageLinks } from './language-links';
import { SignInPanel } from './sign-in-panel';
import { useAuthOptions } from './use-auth-options';
import './login.css';

const brandStyle = (brand: Brand) =>
  ({ '--brand-primary': brand.colors.primary, '--brand-backdrop': brand.colors.backdrop, '--brand-on': brand.colors.onBackdrop }) as CSSProperties;

/** The brand's colours for the sign-in screens, and its name in the tab title. */
function BrandScope({ brand, variant, children }: { brand: Brand; variant: 'split' | 'centered'; children: ReactNode }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${t('login.title')} · ${brand.name}`;
  }, [brand, t]);
  return (
    <div className={`login-screen login-${variant} brand-${brand.key}`} style={brandStyle(brand)}>
      {children}
    </div>
  );
}

function BrandMark({ brand }: { brand: Brand }) {
  return (
    <div className="brand-mark">
      <img src={brand.logo} alt="" width={40} height={40} />
      <span data-testid="brand-name">{brand.name}</span>
    </div>
  );
}

/** `/login`: the brand's picture on one side, the form on the other. */
export function LoginPage() {
  const { t } = useTranslation();
  const brand = getBrand();
  return (
    <BrandScope brand={brand} variant="split">
      <section className="login-showcase">
        <BrandBackdrop brand={brand} />
        <div className="showcase-content">
          <BrandMark brand={brand} />
          <div className="showcase-copy">
            <h1>{t('login.welcomeTo', { brand: brand.name })}</h1>
            <p>{t('login.tagline')}</p>
          </div>
          <small className="copyright">{copyrightLine(brand)}</small>
        </div>
      </section>
      <main className="login-form-side">
        <div className="login-card">
          <h2>{t('login.welcome')}</h2>
          <p className="login-subtitle">{t('login.subtitle')}</p>
          <SignInPanel first="password" />
        </div>
        <footer className="login-footer">
          <LanguageLinks />
          <small className="copyright">{copyrightLine(brand)}</small>
        </footer>
      </main>
    </BrandScope>
  );
}

/** `/login2`: the alternative layout — one card over the brand's background, SMS first where the server sends SMS. */
export function Login2Page() {
  const { t } = useTranslation();
  const brand = getBrand();
  const { smsEnabled } = useAuthOptions().options;
  return (
    <BrandScope brand={brand} variant="centered">
      <BrandBackdrop brand={brand} />
      <main className="login-centered-card">
        <BrandMark brand={brand} />
        <h2>{t('login.welcome')}</h2>
        <p className="login-subtitle">{t(smsEnabled ? 'login.subtitleSms' : 'login.subtitle')}</p>
        <SignInPanel first="sms" />
        <LanguageLinks />
      </main>
      <small className="copyright centered-copyright">{copyrightLine(brand)}</small>
    </BrandScope>
  );
}
