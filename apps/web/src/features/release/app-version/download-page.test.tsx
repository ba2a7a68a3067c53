import { appOpenApi, appVersionApi, type AppDownload, type AppVersion } from '@lightdesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, signedInWith, testI18n } from '../../../components/test-utils';
import english from '../../../locales/en-US/release.json';
import chinese from '../../../locales/zh-CN/release.json';
import { platformOf } from './app-version-page';
import { DownloadPage } from './download-page';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));

const ANDROID: AppDownload = {
  platform: 'android',
  versionNumber: '1.10.0',
  uploadDate: '2026-11-20',
  downloadUrl: '/open/files/abc?expires=1&signature=x',
  content: { zh: '修复了配对问题', en: 'Pairing fixed' },
};
const IOS: AppDownload = { ...ANDROID, platform: 'ios', versionNumber: '1.9.3', downloadUrl: 'https://apps.apple.com/app/id1' };

const i18nIn = (language: 'en-US' | 'zh-CN') => {
  const i18n = testI18n({}, language);
  i18n.addResourceBundle(language, 'release', language === 'en-US' ? english : chinese);
  return i18n;
};

beforeEach(() => server.reset());

describe('download page', () => {
  test('a button and a QR code for each current version, the notes in the reader’s language', async () => {
    server.answer(appOpenApi.downloads, [ANDROID, IOS]);
    renderWithProviders(<DownloadPage />, { i18n: i18nIn('en-US') });
    const android = await screen.findByTestId('download-android');
    expect(within(android).getByText('Version 1.10.0 · 2026-11-20')).toBeTruthy();
    expect(within(android).getByText('Pairing fixed')).toBeTruthy();
    // The phone scanning the code needs the whole address.
    expect(
      within(android)
        .getByRole('link', { name: /Download APK/ })
        .getAttribute('href'),
    ).toBe(`${window.location.origin}/open/files/abc?expires=1&signature=x`);
    await waitFor(() => expect(within(android).getByTestId('download-qr').getAttribute('src')).toMatch(/^data:image\/svg\+xml/));
    const ios = screen.getByTestId('download-ios');
    expect(
      within(ios)
        .getByRole('link', { name: /Open in the App Store/ })
        .getAttribute('href'),
    ).toBe('https://apps.apple.com/app/id1');
    expect(server.sent(appOpenApi.downloads)).toEqual([{ brand: 'lightdesk' }]);
  });

  test('Chinese readers get the Chinese notes', async () => {
    server.answer(appOpenApi.downloads, [ANDROID]);
    renderWithProviders(<DownloadPage />, { i18n: i18nIn('zh-CN') });
    expect(await screen.findByText('修复了配对问题')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '下载 Lightdesk 应用' })).toBeTruthy();
  });

  test('says so when nothing is published', async () => {
    server.answer(appOpenApi.downloads, []);
    renderWithProviders(<DownloadPage />, { i18n: i18nIn('en-US') });
    expect((await screen.findByTestId('download-none')).textContent).toContain('No version of the Lightdesk app has been published yet');
  });
});

describe('platform page', () => {
  test('the menu component names the platform; the workbench shortcut is Android', () => {
    expect(platformOf('app/ios-intl/index')).toBe('ios-intl');
    expect(platformOf('app/android/index')).toBe('android');
  });

  test('"Set as current download version" asks first, then switches', async () => {
    const { AppVersionPage } = await import('./app-version-page');
    signedInWith(['app:ios:query', 'app:ios:set-current']);
    const row: AppVersion = {
      id: 7,
      platform: 'ios',
      versionNumber: '2.0.0',
      uploadDate: '2026-11-20',
      contentZh: '新',
      contentEn: 'New',
      scope: 'domestic',
      brand: 'lumen',
      isForceUpdate: false,
      current: false,
      fileKey: '',
      fileSize: 0,
      fileMd5: '',
      storeUrl: 'https://apps.apple.com/app/id2',
      createdAt: '2026-11-20T08:00:00.000Z',
      updatedAt: '2026-11-20T08:00:00.000Z',
    };
    server.answer(appVersionApi.ios.page, { list: [row], total: 1 });
    renderWithProviders(<AppVersionPage path="/app/ios" name="iOS" component="app/ios/index" />, { i18n: i18nIn('en-US') });
    await userEvent.click(await screen.findByTestId('row-set-current'));
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain('Set 2.0.0 as the current download version?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Set as current download version' }));
    await waitFor(() => expect(server.sent(appVersionApi.ios.setCurrent)).toEqual([{ id: 7 }]));
  });
});
