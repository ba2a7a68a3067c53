import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { copyrightLine, getBrand } from '../../lib/brands';
import { AntdScope } from '../../lib/antd-scope';
import { getToken } from '../../lib/auth-token';
import { PublicContent } from './public-content';
import type { PublicPageMatch } from './pages';

/** A public page on its own, for visitors who are not signed in (the public routes of app/guard.ts). */
export function PublicPage({ page }: { page: PublicPageMatch }) {
  const { t } = useTranslation('public');
  const brand = getBrand();
  return (
    <AntdScope primary={brand.colors.primary}>
      <div className="public-page">
        <header className="public-header" style={{ background: brand.colors.backdrop, color: brand.colors.onBackdrop }}>
          <div className="public-brand">
            <img src={brand.logo} alt="" width={32} height={32} />
            <span>{brand.name}</span>
          </div>
          <Link to={getToken() ? '/' : '/login'} style={{ color: brand.colors.onBackdrop }}>
            {t(getToken() ? 'openConsole' : 'signIn')}
          </Link>
        </header>
        <main className="public-main">
          <PublicContent page={page} />
        </main>
        <footer className="public-footer">{copyrightLine(brand)}</footer>
      </div>
    </AntdScope>
  );
}
