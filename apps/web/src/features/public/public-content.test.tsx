import { publicContentApi, type PublicContentItem } from '@lightdesk/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, testI18n } from '../../components/test-utils';
import { ApiError } from '../../lib/http';
import english from '../../locales/en-US/public.json';
import german from '../../locales/de-DE/public.json';
import { publicPageOf } from './pages';
import { PublicContent } from './public-content';

const server = await vi.hoisted(async () => (await import('../../test/fake-server')).fakeServer());
vi.mock('../../lib/http/clients', (original) => server.clientsModule(original));

const item = (over: Partial<PublicContentItem>): PublicContentItem => ({
  id: 1,
  section: 'guide',
  slug: 'x',
  sortOrder: 0,
  parentId: null,
  language: 'en-US',
  title: 'Title',
  body: '<p>Body</p>',
  publishedAt: '2026-11-20T08:00:00.000Z',
  videoUrl: '',
  version: '',
  effectiveDate: null,
  ...over,
});

const open = (path: string, language: 'en-US' | 'de-DE' = 'en-US') => {
  const i18n = testI18n({}, language);
  i18n.addResourceBundle(language, 'public', language === 'en-US' ? english : german);
  return renderWithProviders(<PublicContent page={publicPageOf(path)!} />, { i18n, route: path });
};

beforeEach(() => server.reset());

describe('public pages', () => {
  test('the help centre lists its categories and searches questions in the reader’s language', async () => {
    server.answer(publicContentApi.list, [item({ id: 3, section: 'help-category', title: 'Gateways', body: '<p>Connecting gateways.</p>' })]);
    server.answer(publicContentApi.helpSearch, {
      list: [{ id: 9, categoryId: 3, slug: 'offline', language: 'de-DE', title: 'Gateway offline', snippet: '… zeigt offline …' }],
      total: 1,
    });
    open('/help-center', 'de-DE');
    expect(await screen.findByRole('link', { name: 'Gateways' })).toHaveProperty('href', expect.stringMatching(/\/help-center\/category\/3$/));
    expect(server.sent(publicContentApi.list)).toEqual([{ section: 'help-category', language: 'de-DE', withBody: true }]);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Hilfe durchsuchen' }), 'offline{Enter}');
    const results = await screen.findByTestId('help-results');
    expect(within(results).getByRole('link', { name: 'Gateway offline' }).getAttribute('href')).toBe('/help-center/question/3/9');
    expect(server.sent(publicContentApi.helpSearch)).toEqual([{ q: 'offline', language: 'de-DE', page: 1, limit: 10 }]);
  });

  test('a guide not yet in the reader’s language is shown in English, with a note saying so', async () => {
    server.answer(publicContentApi.item, item({ slug: 'heatmap', title: 'Heatmap guide', language: 'en-US' }));
    open('/guide/guideHeatmap', 'de-DE');
    expect(await screen.findByRole('heading', { level: 1, name: 'Heatmap guide' })).toBeTruthy();
    expect(screen.getByTestId('public-fallback').textContent).toBe('Diese Seite gibt es noch nicht auf Deutsch; sie wird auf English angezeigt.');
    expect(server.sent(publicContentApi.item)).toEqual([{ section: 'guide', language: 'de-DE', slug: 'heatmap' }]);
    // Every guide can be reached from another.
    expect(screen.getAllByRole('navigation')[0]!.querySelectorAll('a')).toHaveLength(8);
  });

  test('a question that is not published says so, with the way back', async () => {
    const missing = () => {
      throw new ApiError({ code: 404, msg: '不存在', egMsg: 'Not found', data: null }, 'Not found');
    };
    server.answer(publicContentApi.item, missing);
    open('/help-center/question/3/99');
    expect(await screen.findByTestId('public-not-found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the help center' }).getAttribute('href')).toBe('/help-center');
  });

  test('an address that names no id is "not found" without asking the server', async () => {
    open('/privacy-management/abc');
    expect(await screen.findByTestId('public-not-found')).toBeTruthy();
    expect(server.sent(publicContentApi.policy)).toEqual([]);
  });

  test('the English manual reads the en-US chapters whatever the reader’s language, with a table of contents', async () => {
    server.answer(publicContentApi.list, [item({ id: 1, title: 'Signing in' }), item({ id: 2, title: 'Stores' })]);
    open('/enmanual', 'de-DE');
    const toc = await screen.findByTestId('public-toc');
    expect(
      within(toc)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Signing in', 'Stores']);
    expect(server.sent(publicContentApi.list)).toEqual([{ section: 'manual-chapter', language: 'en-US', withBody: true }]);
    expect(screen.queryByTestId('public-fallback')).toBeNull();
  });

  test('privacy versions list their effective dates and mark the one in force', async () => {
    server.answer(publicContentApi.policies, [
      {
        id: 2,
        version: '2.0',
        effectiveDate: '2027-01-01',
        language: 'en-US',
        title: 'Privacy policy',
        publishedAt: '2026-11-20T08:00:00.000Z',
        current: false,
      },
      {
        id: 1,
        version: '1.0',
        effectiveDate: '2026-01-01',
        language: 'en-US',
        title: 'Privacy policy',
        publishedAt: '2026-01-01T08:00:00.000Z',
        current: true,
      },
    ]);
    open('/privacy-management');
    const rows = within(await screen.findByTestId('privacy-versions')).getAllByRole('row');
    expect(rows[2]!.textContent).toContain('In effect');
    expect(rows[1]!.textContent).toContain('2027-01-01');
  });
});
