import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { lazyPart } from '../../lib/lazy';
import type { ScreenProps } from '../../lib/navigation';
import { Articles } from './articles';
import { GuidePage } from './guide-page';
import { HelpCategory, HelpHome, HelpQuestion } from './help-center';
import { isGuide, publicHostOf, publicPageOf, type PublicPageMatch } from './pages';
import { CurrentPolicy, OnePolicy, PolicyVersions } from './privacy';
import { useReaderLanguage } from './use-reader-language';
import { VideoManual } from './video-manual';
import './public.css';

// The download page lists the published app versions, with QR codes; its code loads on that page only.
const DownloadPage = lazyPart<object>(() => import('../release/app-version/download-page').then((m) => ({ default: m.DownloadPage })));

function Page({ page, inConsole }: { page: PublicPageMatch; inConsole: boolean }) {
  const { t } = useTranslation('public');
  const language = useReaderLanguage();
  const { id, detail = {} } = page;
  if (isGuide(id)) return <GuidePage key={id} slug={id} />;
  switch (id) {
    case 'download':
      return <DownloadPage />;
    case 'helpCenter':
      if (detail.question) return <HelpQuestion categoryId={detail.category ?? ''} questionId={detail.question} />;
      if (detail.category) return <HelpCategory categoryId={detail.category} />;
      return <HelpHome />;
    case 'commonIssue':
      return <Articles section="common-issue" title={t('commonIssue.title')} language={language} />;
    // The Chinese edition's address is Chinese for every reader. The console's Help › User manual
    // opens it in the console's language, which the server falls back from to English, then Chinese.
    // The other address is the international edition: the reader's language where the manual is
    // translated into it, English otherwise.
    case 'userManual':
      return <Articles section="manual-chapter" title={t('userManual.title')} language={inConsole ? language : 'zh-CN'} />;
    case 'enManual': {
      const edition = language === 'zh-CN' ? 'en-US' : language;
      return <Articles section="manual-chapter" title={t(edition === 'en-US' ? 'enManual.title' : 'userManual.title')} language={edition} />;
    }
    case 'manualVideo':
      return <VideoManual />;
    case 'privacy':
      return <CurrentPolicy />;
    case 'privacyManagement':
      return detail.policy ? <OnePolicy policyId={detail.policy} /> : <PolicyVersions />;
  }
}

/** The text of a public page (the download page is the app's), the same signed out and in the console. */
export function PublicContent({ page, inConsole = false }: { page: PublicPageMatch; inConsole?: boolean }) {
  if (page.id === 'download') return <Page page={page} inConsole={inConsole} />;
  return (
    <div className="public-content" data-testid={`public-page-${page.id}`}>
      <Page page={page} inConsole={inConsole} />
    </div>
  );
}

/**
 * As a screen inside the console (the Help and Guides menus open the same pages); the help
 * centre's and the privacy page's screens also show the addresses below them.
 */
export function PublicScreen({ path }: ScreenProps) {
  const { pathname } = useLocation();
  const below = publicHostOf(pathname) === path ? publicPageOf(pathname) : undefined;
  return <PublicContent page={below ?? publicPageOf(path) ?? { id: 'helpCenter' }} inConsole />;
}
