import Alert from 'antd/es/alert';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../lib/lazy';
import type { ScreenProps } from '../../lib/navigation';
import { publicPageOf, type PublicPageMatch } from './pages';
import './public.css';

// The download page lists the published app versions, with QR codes; its code loads on that page only.
const DownloadPage = lazyPart<object>(() => import('../release/app-version/download-page').then((m) => ({ default: m.DownloadPage })));

/**
 * The text of a public information page; the download page is the app's. The others are placeholders with real copy: the full
 * manuals, guides and help centre are later issues, and the banner says so.
 */
export function PublicContent({ page }: { page: PublicPageMatch }) {
  const { t } = useTranslation('public');
  if (page.id === 'download') return <DownloadPage />;
  const { detail } = page;
  return (
    <article className="public-content" data-testid={`public-page-${page.id}`}>
      <Typography.Title level={2}>{t(`${page.id}.title`)}</Typography.Title>
      <Alert type="info" showIcon title={t('placeholder')} className="public-placeholder" />
      <Typography.Paragraph>{t(`${page.id}.body`)}</Typography.Paragraph>
      {detail?.category && <Typography.Paragraph type="secondary">{t('detail.category', { id: detail.category })}</Typography.Paragraph>}
      {detail?.question && <Typography.Paragraph type="secondary">{t('detail.question', { id: detail.question })}</Typography.Paragraph>}
      {detail?.policy && <Typography.Paragraph type="secondary">{t('detail.policy', { id: detail.policy })}</Typography.Paragraph>}
    </article>
  );
}

/** As a screen inside the console (the Help and Guides menus open the same pages). */
export function PublicScreen({ path }: ScreenProps) {
  return <PublicContent page={publicPageOf(path) ?? { id: 'helpCenter' }} />;
}
