import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { copyrightLine, getBrand } from '../../lib/brands';
import { AntdScope } from '../../lib/antd-scope';
import { getToken } from '../../lib/auth-token';
import { PublicLanguage, PublicNav } from './public-nav';
import { PublicContent } from './public-content';
import type { PublicPageMatch } from './pages';

/** A public page on its own, for visitors who are not signed in (the public routes of app/guard.ts). */
export function PublicPage({ page }: { page: PublicPageMatch }) {
  const { t } = useTranslation('public');
  const brand = getBrand();
  const onBackdrop = brand.colors.onBackdrop;
  return (
    <AntdScope primary={brand.colors.primary}>
      <div className="public-page" data-brand={brand.key}>
        <header className="public-header" style={{ background: brand.colors.backdrop, color: onBackdrop }}>
          <div className="public-header-row">
            <Link to="/help-center" className="public-brand" style={{ color: onBackdrop }}>
              <img src={brand.logo} alt="" width={32} height={32} />
              <span>{brand.name}</span>
            </Link>
            <div className="public-header-tools">
              <PublicLanguage />
              <Link to={getToken() ? '/' : '/login'} style={{ color: onBackdrop }}>
                {t(getToken() ? 'openConsole' : 'signIn')}
              </Link>
            </div>
          </div>
          <PublicNav color={onBackdrop} />
        </header>
        <main className="public-main">
          <PublicContent page={page} />
        </main>
        <footer className="public-footer">{copyrightLine(brand)}</footer>
      </div>
    </AntdScope>
  );
}
