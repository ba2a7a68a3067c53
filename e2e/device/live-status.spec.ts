import { expect, screenshot, test } from '../fixtures';
import { list, row, search } from '../admin/console';
import { inEnglish } from '../shell/english';
import { TestGateway } from './gateway';

test.beforeEach(({ page }) => inEnglish(page));

test('a device that reports over HTTP turns online on screen, and offline when disabled, without a reload', async ({ page, signIn, baseURL }) => {
  // Two status polls of the console (every 5 s) on top of the screens.
  test.setTimeout(90_000);
  const deviceName = `e2e-live-${Date.now().toString(36)}`;
  await signIn(page, 'admin', '/iot/device');
  await expect(list(page).locator('.ant-table-row, .ant-empty').first()).toBeVisible();

  // The secret is shown once, in the dialog that answers the create.
  await list(page).getByTestId('list-create').click();
  const form = page.getByRole('dialog').filter({ visible: true });
  await form.getByTestId('device-product').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await form.getByLabel('Device name').fill(deviceName);
  await form.getByRole('button', { name: 'Save' }).click();
  const secretDialog = page.getByRole('dialog', { name: 'Device credentials' });
  await expect(secretDialog).toBeVisible();
  const productKey = (await secretDialog.locator('.ant-descriptions-item-content').first().textContent())!.trim();
  const deviceSecret = (await secretDialog.getByTestId('device-secret').textContent())!.trim();
  await secretDialog.getByRole('button', { name: 'I have copied it' }).click();
  await expect(secretDialog).toHaveCount(0);

  await search(page, 'Device name', deviceName);
  const badge = row(page, deviceName).getByTestId('online-badge');
  await expect(badge).toHaveAttribute('data-online', 'false');

  const gateway = new TestGateway(baseURL!, { productKey, deviceName, deviceSecret });
  await gateway.heartbeat();
  // The console's status poll patches the row: no reload.
  await expect(badge).toHaveAttribute('data-online', 'true', { timeout: 15_000 });
  await expect(badge).toHaveText('Online');
  await screenshot(page, 'iot-device-live-online');

  await row(page, deviceName).getByTestId('device-enabled').click();
  const confirm = page.locator('.ant-modal-confirm').filter({ visible: true });
  await expect(confirm).toContainText('cannot connect');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(badge).toHaveAttribute('data-online', 'false', { timeout: 15_000 });
  await expect(badge).toHaveText('Offline');
  await screenshot(page, 'iot-device-live-offline');
});
