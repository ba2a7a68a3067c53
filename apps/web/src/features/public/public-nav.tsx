import GlobalOutlined from '@ant-design/icons/GlobalOutlined';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useLanguage } from '../../lib/i18n/use-language';
import { isLanguage } from '../../lib/i18n/languages';

/** The public sections, for moving between them without the console's menu. */
export function PublicNav({ color }: { color: string }) {
  const { t, i18n } = useTranslation('public');
  const links = [
    ['/help-center', t('helpCenter.title')],
    ['/commonIssue', t('commonIssue.title')],
    // Chinese readers get the Chinese edition of the manual, everyone else the English one.
    [i18n.language.startsWith('zh') ? '/userManual' : '/enmanual', t('userManual.title')],
    ['/userManualVideo', t('manualVideo.title')],
    ['/guide/spotlight', t('guides')],
    ['/privacy', t('privacy.title')],
    ['/download', t('download.title')],
  ] as const;
  return (
    <nav aria-label={t('sections')} className="public-nav">
      <ul>
        {links.map(([to, label]) => (
          <li key={to}>
            <NavLink to={to} style={{ color }} className={({ isActive }) => (isActive ? 'active' : '')}>
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The brand's languages, each named in itself; the page reads again in the one chosen. */
export function PublicLanguage() {
  const { t } = useTranslation('public');
  const { current, offered, change } = useLanguage();
  if (offered.length < 2) return null;
  return (
    <label className="public-language">
      <GlobalOutlined aria-hidden />
      <span className="public-visually-hidden">{t('language')}</span>
      <select
        value={current}
        onChange={(e) => {
          if (isLanguage(e.target.value)) void change(e.target.value);
        }}
        data-testid="public-language"
      >
        {offered.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.label}
          </option>
        ))}
      </select>
    </label>
  );
}
