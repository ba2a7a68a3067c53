import { contentApi, type ContentDetail, type ContentItem } from '@lightdesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, signedInWith, testI18n } from '../../components/test-utils';
import english from '../../locales/en-US/content.json';
import { ContentList } from './content-page';

const server = await vi.hoisted(async () => (await import('../../test/fake-server')).fakeServer());
vi.mock('../../lib/http/clients', (original) => server.clientsModule(original));

const ROW: ContentItem = {
  id: 7,
  section: 'help-question',
  slug: 'gateway-offline',
  sortOrder: 2,
  parentId: 3,
  title: 'Gateway offline',
  languages: [
    { language: 'zh-CN', status: 'published' },
    { language: 'en-US', status: 'changed' },
  ],
  videoKey: '',
  version: '',
  effectiveDate: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-21T08:00:00.000Z',
  createdBy: 'admin',
  updatedBy: 'admin',
};
const translation = (language: 'zh-CN' | 'en-US', title: string, status: 'published' | 'changed') => ({
  language,
  status,
  title,
  body: `<p>${title}</p>`,
  publishedTitle: title,
  publishedBody: `<p>${title}</p>`,
  publishedAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-21T08:00:00.000Z',
  updatedBy: 'admin',
  publishedBy: 'admin',
});
const DETAIL: ContentDetail = {
  ...ROW,
  videoUrl: '',
  translations: [translation('zh-CN', '网关离线', 'published'), translation('en-US', 'Gateway offline', 'changed')],
};

const open = () => {
  const i18n = testI18n({}, 'en-US');
  i18n.addResourceBundle('en-US', 'content', english);
  return renderWithProviders(<ContentList section="help-question" />, { i18n });
};

beforeEach(() => {
  server.reset();
  server.answer(contentApi['help-question'].page, { list: [ROW], total: 1 });
  server.answer(contentApi['help-question'].get, DETAIL);
  // The section endpoints sit one level deeper than the fake server looks for writes: answered here.
  for (const write of ['update', 'publish', 'move'] as const) server.answer(contentApi['help-question'][write], true);
  server.answer(contentApi['help-category'].page, { list: [{ ...ROW, id: 3, section: 'help-category', parentId: null, title: 'Gateways' }], total: 1 });
});

describe('content list', () => {
  test('each language’s state shows as a badge, and the filters reach the server', async () => {
    signedInWith();
    open();
    expect(await screen.findByTestId('language-en-US-changed')).toBeTruthy();
    expect(screen.getByTestId('language-zh-CN-published')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Title'), 'gateway{Enter}');
    await waitFor(() => expect(server.sent(contentApi['help-question'].page).at(-1)).toMatchObject({ title: 'gateway' }));
  });

  test('moving a row sends its direction; without the update permission there is no moving', async () => {
    signedInWith();
    const { unmount } = open();
    await userEvent.click(await screen.findByTestId('row-move-up'));
    await waitFor(() => expect(server.sent(contentApi['help-question'].move)).toEqual([{ id: 7, direction: 'up' }]));
    unmount();
    signedInWith(['content:help:query']);
    open();
    await screen.findByTestId('language-en-US-changed');
    expect(screen.queryByTestId('row-move-up')).toBeNull();
    expect(screen.queryByTestId('row-edit')).toBeNull();
  });

  test('publishing a language saves the form’s drafts first, then publishes that language', async () => {
    signedInWith();
    open();
    await userEvent.click(await screen.findByTestId('row-edit'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('tab', { name: /^English(?! \(UK\))/ }));
    const title = await within(dialog).findByTestId('content-title-en-US');
    await waitFor(() => expect(title).toHaveProperty('value', 'Gateway offline'));
    await userEvent.clear(title);
    await userEvent.type(title, 'The gateway shows offline');
    await userEvent.click(within(dialog).getByTestId('content-publish-en-US'));
    await waitFor(() => expect(server.sent(contentApi['help-question'].publish)).toEqual([{ id: 7, language: 'en-US' }]));
    const [saved] = server.sent(contentApi['help-question'].update);
    expect(saved).toMatchObject({ id: 7, slug: 'gateway-offline', parentId: 3 });
    expect(saved!.translations).toEqual([
      { language: 'zh-CN', title: '网关离线', body: '<p>网关离线</p>' },
      { language: 'en-US', title: 'The gateway shows offline', body: '<p>Gateway offline</p>' },
    ]);
  });
});
