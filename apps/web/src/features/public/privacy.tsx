import type { PublicContentItem } from '@lightdesk/contract';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RichHtml } from '../../components/rich-html';
import { currentPolicy, policies, policy } from './api';
import { idOf } from './pages';
import { FallbackNote, LoadedView, NothingPublished } from './states';
import { NotFound, usePublicLoad } from './use-public-load';
import { useReaderLanguage } from './use-reader-language';

function Policy({ item, wanted }: { item: PublicContentItem; wanted: string }) {
  const { t } = useTranslation('public');
  return (
    <article data-testid="privacy-policy">
      <h1 className="public-title">{item.title}</h1>
      <p className="public-meta">
        {t('privacyPolicy.version', { version: item.version })} · {t('privacyPolicy.effective', { date: item.effectiveDate ?? '' })} ·{' '}
        <Link to="/privacy-management">{t('privacyPolicy.allVersions')}</Link>
      </p>
      <FallbackNote shown={item.language} wanted={wanted} />
      <RichHtml html={item.body} />
    </article>
  );
}

/** /privacy: the policy in force today. */
export function CurrentPolicy() {
  const language = useReaderLanguage();
  const loaded = usePublicLoad(`privacy|${language}`, () => currentPolicy(language));
  return <LoadedView loaded={loaded}>{(item) => <Policy item={item} wanted={language} />}</LoadedView>;
}

/** /privacy-management/{id}: one version. */
export function OnePolicy({ policyId }: { policyId: string }) {
  const { t } = useTranslation('public');
  const language = useReaderLanguage();
  const id = idOf(policyId);
  const loaded = usePublicLoad(`privacy|${policyId}|${language}`, () => (id ? policy(id, language) : Promise.reject(new NotFound())));
  return (
    <LoadedView loaded={loaded} back={{ to: '/privacy-management', label: t('privacyPolicy.allVersions') }}>
      {(item) => <Policy item={item} wanted={language} />}
    </LoadedView>
  );
}

/** /privacy-management: every published version with its effective date, the one in force marked. */
export function PolicyVersions() {
  const { t } = useTranslation('public');
  const language = useReaderLanguage();
  const loaded = usePublicLoad(`privacy-list|${language}`, () => policies(language));
  return (
    <>
      <h1 className="public-title">{t('privacyManagement.title')}</h1>
      <LoadedView loaded={loaded}>
        {(list) =>
          list.length === 0 ? (
            <NothingPublished />
          ) : (
            <table className="public-table" data-testid="privacy-versions">
              <thead>
                <tr>
                  <th scope="col">{t('privacyPolicy.title')}</th>
                  <th scope="col">{t('privacyPolicy.versionColumn')}</th>
                  <th scope="col">{t('privacyPolicy.effectiveColumn')}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((p) => (
                  <tr key={p.id}>
                    <td>
                      <Link to={`/privacy-management/${p.id}`}>{p.title}</Link>
                      {p.current && (
                        <Tag color="success" style={{ marginInlineStart: 8 }}>
                          {t('privacyPolicy.current')}
                        </Tag>
                      )}
                    </td>
                    <td>{p.version}</td>
                    <td>{p.effectiveDate}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </LoadedView>
    </>
  );
}
