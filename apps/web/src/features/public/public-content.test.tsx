import { publicContentApi, type PublicContentItem } from '@lightdesk/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, testI18n } from '../../components/test-utils';
import { ApiError } from '../../lib/http';
import englishCommon from '../../locales/en-US/common.json';
import germanCommon from '../../locales/de-DE/common.json';
import english from '../../locales/en-US/public.json';
import german from '../../locales/de-DE/public.json';
import chineseCommon from '../../locales/zh-CN/common.json';
import chinese from '../../locales/zh-CN/public.json';
import { publicPageOf } from './pages';
import { PublicContent, PublicScreen } from './public-content';

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

const BUNDLES = { 'en-US': [englishCommon, english], 'de-DE': [germanCommon, german], 'zh-CN': [chineseCommon, chinese] } as const;

const open = (path: string, language: keyof typeof BUNDLES = 'en-US') => {
  const [common, texts] = BUNDLES[language];
  const i18n = testI18n(common, language);
  i18n.addResourceBundle(language, 'public', texts);
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

  test('the international manual reads the reader’s language, with a table of contents; a Chinese reader gets the English edition', async () => {
    server.answer(publicContentApi.list, [item({ id: 1, title: 'Anmelden', language: 'de-DE' }), item({ id: 2, title: 'Filialen', language: 'de-DE' })]);
    const germanReader = open('/enmanual', 'de-DE');
    const toc = await screen.findByTestId('public-toc');
    expect(
      within(toc)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Anmelden', 'Filialen']);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(german.userManual.title);
    expect(server.sent(publicContentApi.list)).toEqual([{ section: 'manual-chapter', language: 'de-DE', withBody: true }]);
    expect(screen.queryByTestId('public-fallback')).toBeNull();
    germanReader.unmount();

    server.reset();
    server.answer(publicContentApi.list, [item({ id: 1, title: 'Signing in' })]);
    open('/enmanual', 'zh-CN');
    expect(await screen.findByRole('heading', { level: 2, name: 'Signing in' })).toBeTruthy();
    expect(server.sent(publicContentApi.list)).toEqual([{ section: 'manual-chapter', language: 'en-US', withBody: true }]);
  });

  test('Help › User manual in the console opens the manual in the console’s language, whose fallback the page names', async () => {
    server.answer(publicContentApi.list, [item({ id: 1, title: 'Signing in', language: 'en-US' })]);
    const [common, texts] = BUNDLES['de-DE'];
    const i18n = testI18n(common, 'de-DE');
    i18n.addResourceBundle('de-DE', 'public', texts);
    renderWithProviders(<PublicScreen path="/userManual" name="UserManual" component="help/user-manual" />, { i18n, route: '/userManual' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Signing in' })).toBeTruthy();
    expect(server.sent(publicContentApi.list)).toEqual([{ section: 'manual-chapter', language: 'de-DE', withBody: true }]);
    expect(screen.getByTestId('public-fallback').textContent).toBe('Diese Seite gibt es noch nicht auf Deutsch; sie wird auf English angezeigt.');
  });

  test('the Chinese edition’s public address stays Chinese for every reader', async () => {
    server.answer(publicContentApi.list, [item({ id: 1, title: '登录', language: 'zh-CN' })]);
    open('/userManual', 'en-US');
    expect(await screen.findByRole('heading', { level: 2, name: '登录' })).toBeTruthy();
    expect(server.sent(publicContentApi.list)).toEqual([{ section: 'manual-chapter', language: 'zh-CN', withBody: true }]);
  });

  test('the video manual lists its chapters, marks the one on show and plays the one chosen', async () => {
    server.answer(publicContentApi.list, [
      item({ id: 1, section: 'video-chapter', title: 'Unboxing', videoUrl: '/files/unboxing.mp4' }),
      item({ id: 2, section: 'video-chapter', title: 'Pairing', videoUrl: '/files/pairing.mp4' }),
    ]);
    open('/userManualVideo');
    const chapters = await screen.findByRole('navigation', { name: 'Chapters' });
    expect(within(chapters).getByRole('button', { name: 'Unboxing' }).getAttribute('aria-current')).toBe('true');
    await userEvent.click(within(chapters).getByRole('button', { name: 'Pairing' }));
    expect(within(chapters).getByRole('button', { name: 'Pairing' }).getAttribute('aria-current')).toBe('true');
    expect(within(chapters).getByRole('button', { name: 'Unboxing' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByTestId('video-player').getAttribute('src')).toBe('/files/pairing.mp4');
  });

  test('a page that cannot be loaded says so and loads again on request; an empty section says nothing is published', async () => {
    let fail = true;
    server.answer(publicContentApi.list, () => {
      if (fail) throw new Error('unreachable');
      return [];
    });
    open('/commonIssue');
    expect(await screen.findByRole('status', { name: 'Loading…' })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load this.');
    expect(screen.getByTestId('public-failed')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('public-empty')).textContent).toContain('Nothing has been published here yet.');
    expect(server.sent(publicContentApi.list)).toHaveLength(2);
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
