import type { ContentLanguage, ContentSection } from '@lightdesk/contract';
import { useTranslation } from 'react-i18next';
import { RichHtml } from '../../components/rich-html';
import { publishedItems } from './api';
import { ChapterList } from './chapter-list';
import { FallbackNote, LoadedView, NothingPublished } from './states';
import { usePublicLoad } from './use-public-load';

const anchorOf = (id: number) => `chapter-${id}`;

/**
 * A section read as one page of chapters with a table of contents: the user manuals (each in
 * its own language, whatever the reader's) and the common issues (in the reader's language).
 */
export function Articles({
  section,
  title,
  language,
  wanted = language,
}: {
  section: ContentSection;
  title: string;
  language: ContentLanguage;
  wanted?: ContentLanguage;
}) {
  const { t } = useTranslation('public');
  const loaded = usePublicLoad(`${section}|${language}`, () => publishedItems(section, language, { withBody: true }));
  return (
    <>
      <h1 className="public-title">{title}</h1>
      <LoadedView loaded={loaded}>
        {(items) =>
          items.length === 0 ? (
            <NothingPublished />
          ) : (
            <>
              <FallbackNote shown={items[0]!.language} wanted={wanted} />
              {items.length > 1 && (
                <ChapterList
                  heading={t('contents')}
                  chapters={items}
                  onChoose={(id) => document.getElementById(anchorOf(id))?.scrollIntoView({ behavior: 'smooth' })}
                  testId="public-toc"
                />
              )}
              {items.map((item) => (
                <section
                  key={item.id}
                  id={anchorOf(item.id)}
                  aria-labelledby={`${anchorOf(item.id)}-title`}
                  className="public-chapter"
                  data-testid="public-chapter"
                >
                  <h2 id={`${anchorOf(item.id)}-title`}>{item.title}</h2>
                  <RichHtml html={item.body} />
                </section>
              ))}
            </>
          )
        }
      </LoadedView>
    </>
  );
}
