import { crc32 } from 'node:zlib';
import type { Browser } from '@playwright/test';
import { expect, screenshot, test } from '../fixtures';
import { list, openDialog, row, search, toast } from '../admin/console';
import { expectNoSeriousA11yViolations } from '../axe';
import { inEnglish } from '../shell/english';

/** The smallest APK the server accepts: a zip archive of one stored manifest entry. */
function apk(text: string) {
  const name = Buffer.from('AndroidManifest.xml');
  const data = Buffer.from(text);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc32(data), 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc32(data), 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + data.length, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

/** A visitor of the brand's download page in a browser of their own (the brand and language are remembered per browser). */
async function visitDownloads(browser: Browser, brand: string, language?: string) {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  if (language) await context.addInitScript((l) => localStorage.setItem('lightdesk.language', JSON.stringify(l)), language);
  const page = await context.newPage();
  await page.goto(`/?brand=${brand}#/download`);
  return { page, close: () => context.close() };
}

test('admin publishes an Android version and it is offered on the download pages of its brands', async ({ page, signIn, browser }) => {
  test.setTimeout(120_000);
  // Version numbers are unique per brand: a run of its own each time.
  const version = `9.${Date.now() % 100000}.1`;
  await inEnglish(page);
  await signIn(page, 'admin', '/app/android');
  await expect(list(page).locator('.ant-table-row, .ant-empty').first()).toBeVisible();

  for (const [brand, brandName] of [
    ['lightdesk', 'Lightdesk'],
    ['nordlicht', 'Nordlicht'],
  ] as const) {
    await list(page).getByTestId('list-create').click();
    const dialog = openDialog(page);
    await dialog.getByLabel('Version number').fill(version);
    await dialog.getByTestId('app-version-brand').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(brandName, { exact: true }).click();
    await dialog.locator('input[type=file]').setInputFiles({ name: `${brand}.apk`, mimeType: 'application/vnd.android.package-archive', buffer: apk(brand) });
    await expect(dialog.getByText(/Uploaded: .* MD5/)).toBeVisible();
    await dialog.getByTestId('app-version-content-zh').fill(`修复了 ${brandName} 的问题`);
    await dialog.getByTestId('app-version-content-en').fill(`Fixes for ${brandName}`);
    if (brand === 'lightdesk') {
      await expectNoSeriousA11yViolations(page, 'app-version-form');
      await screenshot(page, 'app-version-form');
    }
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Saved')).toBeVisible();
    await expect(dialog).toHaveCount(0);
  }

  await search(page, 'Version number', version);
  for (const brandName of ['Lightdesk', 'Nordlicht']) {
    const line = row(page, brandName);
    await line.getByTestId('row-set-current').click();
    const confirm = openDialog(page);
    await expect(confirm).toContainText(`Set ${version} as the current download version?`);
    await confirm.getByRole('button', { name: 'Set as current download version' }).click();
    await expect(row(page, brandName).getByTestId('current-tag')).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page, 'app-versions-android');
  await screenshot(page, 'app-versions-android');

  // Lightdesk's page in its default language, Chinese.
  const lightdesk = await visitDownloads(browser, 'lightdesk');
  const android = lightdesk.page.getByTestId('download-android');
  await expect(lightdesk.page.getByRole('heading', { name: '下载 Lightdesk 应用' })).toBeVisible();
  await expect(android).toContainText(`版本 ${version}`);
  await expect(android).toContainText('修复了 Lightdesk 的问题');
  await expect(android.getByTestId('download-qr')).toBeVisible();
  const href = await android.getByTestId('download-button').getAttribute('href');
  expect(href).toMatch(/\/open\/files\/[0-9a-f]{64}\?expires=/);
  const file = await lightdesk.page.request.get(href!);
  expect(file.status()).toBe(200);
  expect(Buffer.from(await file.body()).subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  await screenshot(lightdesk.page, 'download-lightdesk');
  await lightdesk.close();

  // Nordlicht's page in German, one of the brand's languages, with the English notes.
  const nordlicht = await visitDownloads(browser, 'nordlicht', 'de-DE');
  await expect(nordlicht.page.getByRole('heading', { name: 'Die Nordlicht-App herunterladen' })).toBeVisible();
  await expect(nordlicht.page.getByTestId('download-android')).toContainText(`Version ${version}`);
  await expect(nordlicht.page.getByTestId('download-android')).toContainText('Fixes for Nordlicht');
  await expect(nordlicht.page.getByTestId('download-android').getByRole('link', { name: 'APK herunterladen' })).toBeVisible();
  await expectNoSeriousA11yViolations(nordlicht.page, 'download-nordlicht');
  await screenshot(nordlicht.page, 'download-nordlicht');
  await nordlicht.close();

  // A brand with nothing published says so.
  const aurora = await visitDownloads(browser, 'aurora', 'en-US');
  await expect(aurora.page.getByTestId('download-none')).toContainText('No version of the Aurora Lighting app has been published yet');
  await aurora.close();
});
