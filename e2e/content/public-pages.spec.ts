import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { list, openDialog, openScreen, row, search, toast } from '../admin/console';
import { expectNoSeriousA11yViolations } from '../axe';
import { inEnglish } from '../shell/english';

/** A signed-out reader of one brand in one language, in a browser of their own. */
async function reader(browser: Browser, brand: string, language: string) {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, reducedMotion: 'reduce' });
  await context.addInitScript((l) => localStorage.setItem('lightdesk.language', JSON.stringify(l)), language);
  const page = await context.newPage();
  await page.goto(`/?brand=${brand}#/help-center`);
  return { page, close: () => context.close() };
}

/** Opens a public page through the address and waits until it shows its content (not loading, failed or missing). */
async function read(page: Page, path: string) {
  await page.goto(`/#${path}`);
  const content = page.getByRole('main');
  await expect(content.getByTestId('public-loading')).toHaveCount(0);
  await expect(content.locator('h1, h2').first(), path).toBeVisible();
  await expect(content.getByTestId('public-failed'), path).toHaveCount(0);
  await expect(content.getByTestId('public-not-found'), path).toHaveCount(0);
  return content;
}

const GUIDES = [
  '/guide/spotlight',
  '/guide/gateway',
  '/guide/smartSpaceSensor',
  '/guide/guideSceneRecognition',
  '/guide/guideCustomerCounting',
  '/guide/guideHeatmap',
  '/guide/guideVideoPlayer',
];

test('every public page shows its published content signed out, in two brands and two languages each', async ({ browser }) => {
  test.setTimeout(180_000);
  for (const [brand, name, languages] of [
    ['lightdesk', 'Lightdesk', ['zh-CN', 'en-US']],
    ['nordlicht', 'Nordlicht', ['en-GB', 'de-DE']],
  ] as const) {
    for (const language of languages) {
      const { page, close } = await reader(browser, brand, language);
      await expect(page.getByRole('banner')).toContainText(name);
      await expect(page.getByTestId('public-language')).toHaveValue(language);
      await expect(page.locator('html')).toHaveAttribute('lang', language);

      // The help centre, one of its categories and one of its questions, reached as a reader would.
      const help = await read(page, '/help-center');
      if (language === 'en-US') await expectNoSeriousA11yViolations(page, 'public-help-center');
      await help.getByTestId('help-category').first().getByRole('link').click();
      await expect(page.getByTestId('help-question').first()).toBeVisible();
      await page.getByTestId('help-question').first().getByRole('link').click();
      await expect(page.getByTestId('help-answer')).not.toBeEmpty();

      for (const path of ['/commonIssue', '/userManual', '/enmanual', ...GUIDES]) {
        const content = await read(page, path);
        await expect(content.locator('.rich-html').first(), path).not.toBeEmpty();
        if (language === 'en-US' && path === '/guide/guideHeatmap') await expectNoSeriousA11yViolations(page, 'public-guide');
      }
      // The video manual's chapters are real recordings the browser can play.
      const videos = await read(page, '/userManualVideo');
      const player = videos.getByTestId('video-player');
      await expect.poll(() => player.evaluate((v: HTMLVideoElement) => (v.readyState >= 1 ? v.duration : 0)), { timeout: 15_000 }).toBeGreaterThan(5);
      await expect(videos.locator('.rich-html').first()).not.toBeEmpty();
      if (language === 'en-US') await expectNoSeriousA11yViolations(page, 'public-video-manual');

      // The policy in force, the versions, and one version from the list.
      await expect((await read(page, '/privacy')).getByTestId('privacy-policy')).toBeVisible();
      const versions = await read(page, '/privacy-management');
      await versions.getByTestId('privacy-versions').getByRole('link').first().click();
      await expect(page.getByTestId('privacy-policy')).toBeVisible();
      await close();
    }
  }
});

test('staff edit a help question, publish it in English, and readers find it on the public help centre', async ({ browser, page, signIn }) => {
  test.setTimeout(120_000);
  const stamp = String(Date.now());
  const title = `How do I change my password? (${stamp})`;
  await inEnglish(page);
  await signIn(page, 'admin', '/content/help');
  await expect(list(page).locator('.ant-table-row').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'content-help');
  await search(page, 'Title', 'change my password');
  await row(page, 'change my password').getByTestId('row-edit').click();
  const dialog = openDialog(page);
  await expect(dialog.getByTestId('rich-editor').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'content-form');
  await dialog.getByRole('tab', { name: /^English(?! \(UK\))/ }).click();
  const field = dialog.getByTestId('content-title-en-US');
  await expect(field).not.toHaveValue('');
  await field.fill(title);
  await dialog.getByTestId('content-publish-en-US').click();
  await expect(toast(page, 'Published in English')).toBeVisible();
  // The title was typed in this dialog: closing it asks first.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Close' }).click();
  await expect(row(page, 'change my password').getByTestId('language-en-US-published')).toBeVisible();

  // Inside the console, the help centre's categories and questions open in the console too.
  await openScreen(page, '/help-center');
  await page.getByTestId('help-category').first().getByRole('link').click();
  await expect(page).toHaveURL(/#\/help-center\/category\/\d+$/);
  await expect(page.getByTestId('help-question').first()).toBeVisible();
  await expect(page.getByTestId('app-layout')).toBeVisible();
  await expect(page.getByTestId('sidebar')).toBeVisible();

  // The Guides menu holds all eight guides, the recessed sensor's among them.
  await openScreen(page, '/guide/recessedSensor');
  await expect(page.getByTestId('guide-recessedSensor').getByRole('heading', { level: 1 })).toBeVisible();

  const visitor = await reader(browser, 'lightdesk', 'en-US');
  await read(visitor.page, '/help-center');
  const searchBox = visitor.page.getByRole('searchbox', { name: 'Search the help center' });
  await searchBox.fill(stamp);
  await searchBox.press('Enter');
  await visitor.page.getByTestId('help-results').getByRole('link', { name: title }).click();
  await expect(visitor.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await visitor.close();
});
