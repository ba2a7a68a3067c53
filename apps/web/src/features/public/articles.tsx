import type { ContentLanguage, ContentSection, PublicContentItem } from '@lightdesk/contract';
import { useTranslation } from 'react-i18next';
import { RichHtml } from '../../components/rich-html';
import { publishedItems } from './api';
import { FallbackNote, LoadedView, NothingPublished } from './states';
import { usePublicLoad } from './use-public-load';

const anchorOf = (item: PublicContentItem) => `chapter-${item.id}`;

/** The table of contents: buttons, since the address's # belongs to the console's routing. */
function Contents({ items }: { items: readonly PublicContentItem[] }) {
  const { t } = useTranslation('public');
  return (
    <nav aria-labelledby="public-contents" className="public-toc" data-testid="public-toc">
      <h2 id="public-contents">{t('contents')}</h2>
      <ol>
        {items.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className="public-link-button"
              onClick={() => document.getElementById(anchorOf(item))?.scrollIntoView({ behavior: 'smooth' })}
            >
              {item.title}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}

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
              {items.length > 1 && <Contents items={items} />}
              {items.map((item) => (
                <section key={item.id} id={anchorOf(item)} aria-labelledby={`${anchorOf(item)}-title`} className="public-chapter" data-testid="public-chapter">
                  <h2 id={`${anchorOf(item)}-title`}>{item.title}</h2>
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
