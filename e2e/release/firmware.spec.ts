import { randomBytes } from 'node:crypto';
import { expect, screenshot, test } from '../fixtures';
import { choose, list, openDialog, row, toast } from '../admin/console';
import { expectNoSeriousA11yViolations } from '../axe';
import { inEnglish } from '../shell/english';

test.beforeEach(({ page }) => inEnglish(page));

test('admin uploads a firmware with a progress bar, sets it verified, and sees it offered by the check tool', async ({ page, signIn }) => {
  test.setTimeout(120_000);
  const version = `7.${Date.now() % 100_000}.0`;
  await signIn(page, 'admin', '/firmware/release');
  await expect(list(page).locator('.ant-table-row, .ant-empty').first()).toBeVisible();

  await list(page).getByTestId('list-create').click();
  const dialog = openDialog(page);
  // The upload is slowed down so its progress bar can be seen.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 1024 * 1024 });
  const image = Buffer.concat([Buffer.from([0xe9, 0x03, 0x02, 0x20]), randomBytes(4 * 1024 * 1024)]);
  await dialog.locator('input[type=file]').setInputFiles({ name: 'halo-main.bin', mimeType: 'application/octet-stream', buffer: image });
  await expect(dialog.locator('.ant-upload-list .ant-progress')).toBeVisible();
  await screenshot(page, 'firmware-upload-progress');
  await expect(dialog.getByTestId('firmware-file-facts')).toBeVisible({ timeout: 60_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(dialog.getByTestId('firmware-sha256')).toHaveText(/^[0-9a-f]{64}$/);

  await choose(page, dialog.getByTestId('firmware-type'), 'Halo', 'Halo');
  await dialog.getByLabel('Firmware version').fill(version);
  await dialog.getByLabel('Update content (Chinese)').fill('修复调光问题');
  await dialog.getByLabel('Update content (English)').fill('Fixes dimming');
  await dialog.getByLabel('New firmware JSON').fill('{"hardware": "v2"}');
  await screenshot(page, 'firmware-form');
  await expectNoSeriousA11yViolations(page, 'firmware-form');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Saved')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // Not verified yet: the release channel offers nothing.
  const check = async () => {
    await list(page).getByTestId('firmware-check').click();
    const checking = openDialog(page);
    await choose(page, checking.getByTestId('check-type'), 'Halo', 'Halo');
    await checking.getByTestId('check-version').fill('1.0.0');
    await checking.getByTestId('check-run').click();
    return checking;
  };
  let checking = await check();
  await expect(checking.getByTestId('check-none')).toBeVisible();
  await checking.getByRole('button', { name: 'Close' }).click();

  await row(page, version).getByTestId('row-verify').click();
  await page.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(toast(page, 'Verified successfully')).toBeVisible();
  await expect(row(page, version)).toContainText('Verified');
  await screenshot(page, 'firmware-release-list');

  checking = await check();
  await expect(checking.getByTestId('check-offer')).toContainText(version);
  await screenshot(page, 'firmware-check-offer');
  await expectNoSeriousA11yViolations(page, 'firmware-check');
});
