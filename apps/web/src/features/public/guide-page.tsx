import { GUIDE_SLUGS } from '@lightdesk/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RichHtml } from '../../components/rich-html';
import { publishedItem } from './api';
import { GUIDE_PATHS, type GuideSlug } from './pages';
import { FallbackNote, LoadedView } from './states';
import { usePublicLoad } from './use-public-load';
import { useReaderLanguage } from './use-reader-language';

/** The eight guides, for moving from one to another. */
function GuideLinks({ current }: { current: GuideSlug }) {
  const { t } = useTranslation('public');
  return (
    <nav aria-label={t('guides')} className="public-guide-links">
      <ul>
        {GUIDE_SLUGS.map((slug) => (
          <li key={slug}>
            <Link to={GUIDE_PATHS[slug]} aria-current={slug === current ? 'page' : undefined}>
              {t(`guide.${slug}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** One product guide, by its fixed slug. */
export function GuidePage({ slug }: { slug: GuideSlug }) {
  const language = useReaderLanguage();
  const loaded = usePublicLoad(`guide|${slug}|${language}`, () => publishedItem('guide', language, { slug }));
  return (
    <>
      <GuideLinks current={slug} />
      <LoadedView loaded={loaded}>
        {(guide) => (
          <article data-testid={`guide-${slug}`}>
            <h1 className="public-title">{guide.title}</h1>
            <FallbackNote shown={guide.language} wanted={language} />
            <RichHtml html={guide.body} />
          </article>
        )}
      </LoadedView>
    </>
  );
}
