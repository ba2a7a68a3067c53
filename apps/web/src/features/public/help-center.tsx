import type { HelpSearchHit, PublicContentItem } from '@lightdesk/contract';
import Input from 'antd/es/input';
import Pagination from 'antd/es/pagination';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RichHtml } from '../../components/rich-html';
import { publishedItem, publishedItems, searchHelp } from './api';
import { idOf } from './pages';
import { FallbackNote, LoadedView, NothingPublished } from './states';
import { NotFound, usePublicLoad } from './use-public-load';
import { useReaderLanguage } from './use-reader-language';

const categoryPath = (id: number) => `/help-center/category/${id}`;
const questionPath = (categoryId: number, id: number) => `/help-center/question/${categoryId}/${id}`;

function SearchResults({ q }: { q: string }) {
  const { t } = useTranslation('public');
  const language = useReaderLanguage();
  const [page, setPage] = useState(1);
  const loaded = usePublicLoad(`${q}|${language}|${page}`, () => searchHelp(q, language, page));
  return (
    <section aria-labelledby="help-results" data-testid="help-results">
      <h2 id="help-results">{t('help.results', { q })}</h2>
      <LoadedView loaded={loaded}>
        {({ list, total }) =>
          list.length === 0 ? (
            <p>{t('help.noResults', { q })}</p>
          ) : (
            <>
              <ul className="public-list">
                {list.map((hit: HelpSearchHit) => (
                  <li key={hit.id}>
                    <Link to={questionPath(hit.categoryId, hit.id)}>{hit.title}</Link>
                    <p className="public-snippet">{hit.snippet}</p>
                  </li>
                ))}
              </ul>
              {total > 10 && <Pagination current={page} total={total} pageSize={10} showSizeChanger={false} onChange={setPage} />}
            </>
          )
        }
      </LoadedView>
    </section>
  );
}

/** /help-center: a search over the questions in the reader's language, and the categories. */
export function HelpHome() {
  const { t } = useTranslation('public');
  const language = useReaderLanguage();
  const [q, setQ] = useState('');
  const loaded = usePublicLoad(`categories|${language}`, () => publishedItems('help-category', language, { withBody: true }));
  return (
    <>
      <h1 className="public-title">{t('helpCenter.title')}</h1>
      <div role="search" className="public-search">
        <Input.Search
          aria-label={t('help.searchLabel')}
          placeholder={t('help.searchPlaceholder')}
          enterButton={t('help.search')}
          maxLength={100}
          allowClear
          onSearch={(value) => setQ(value.trim())}
          data-testid="help-search"
        />
      </div>
      {q && <SearchResults key={q} q={q} />}
      <section aria-labelledby="help-categories">
        <h2 id="help-categories">{t('help.categories')}</h2>
        <LoadedView loaded={loaded}>
          {(categories) =>
            categories.length === 0 ? (
              <NothingPublished />
            ) : (
              <ul className="public-cards">
                {categories.map((c) => (
                  <li key={c.id} className="public-card" data-testid="help-category">
                    <h3>
                      <Link to={categoryPath(c.id)}>{c.title}</Link>
                    </h3>
                    <RichHtml html={c.body} className="public-card-text" />
                  </li>
                ))}
              </ul>
            )
          }
        </LoadedView>
      </section>
    </>
  );
}

function Breadcrumb({ category }: { category?: PublicContentItem }) {
  const { t } = useTranslation('public');
  return (
    <nav aria-label={t('help.breadcrumb')} className="public-breadcrumb">
      <Link to="/help-center">{t('helpCenter.title')}</Link>
      {category && (
        <>
          <span aria-hidden> / </span>
          <Link to={categoryPath(category.id)}>{category.title}</Link>
        </>
      )}
    </nav>
  );
}

/** /help-center/category/{id}: the category's introduction and its questions. */
export function HelpCategory({ categoryId }: { categoryId: string }) {
  const { t } = useTranslation('public');
  const language = useReaderLanguage();
  const id = idOf(categoryId);
  const loaded = usePublicLoad(`category|${categoryId}|${language}`, async () => {
    if (!id) throw new NotFound();
    const [category, questions] = await Promise.all([
      publishedItem('help-category', language, { id }),
      publishedItems('help-question', language, { parentId: id }),
    ]);
    return { category, questions };
  });
  const back = { to: '/help-center', label: t('help.back') };
  return (
    <LoadedView loaded={loaded} back={back}>
      {(data) => (
        <>
          <Breadcrumb />
          <h1 className="public-title">{data.category.title}</h1>
          <FallbackNote shown={data.category.language} wanted={language} />
          <RichHtml html={data.category.body} />
          <section aria-labelledby="help-questions">
            <h2 id="help-questions">{t('help.questions')}</h2>
            {data.questions.length === 0 ? (
              <NothingPublished />
            ) : (
              <ul className="public-list">
                {data.questions.map((q) => (
                  <li key={q.id} data-testid="help-question">
                    <Link to={questionPath(data.category.id, q.id)}>{q.title}</Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </LoadedView>
  );
}

/** /help-center/question/{categoryId}/{questionId}: one answer. */
export function HelpQuestion({ categoryId, questionId }: { categoryId: string; questionId: string }) {
  const { t } = useTranslation('public');
  const language = useReaderLanguage();
  const parentId = idOf(categoryId);
  const id = idOf(questionId);
  const loaded = usePublicLoad(`question|${categoryId}|${questionId}|${language}`, async () => {
    if (!parentId || !id) throw new NotFound();
    const [category, question] = await Promise.all([
      publishedItem('help-category', language, { id: parentId }),
      publishedItem('help-question', language, { id, parentId }),
    ]);
    return { category, question };
  });
  const back = { to: '/help-center', label: t('help.back') };
  return (
    <LoadedView loaded={loaded} back={back}>
      {(data) => (
        <article>
          <Breadcrumb category={data.category} />
          <h1 className="public-title">{data.question.title}</h1>
          <FallbackNote shown={data.question.language} wanted={language} />
          <RichHtml html={data.question.body} testId="help-answer" />
        </article>
      )}
    </LoadedView>
  );
}
