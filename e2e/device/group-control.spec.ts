import { expect, screenshot, test } from '../fixtures';
import { list, row } from '../admin/console';
import { inEnglish } from '../shell/english';
import { demoGateway, demoStores } from './gateway';

test.beforeEach(({ page }) => inEnglish(page));

test("a group command reaches a store's gateway, and the console shows it acknowledged live", async ({ page, signIn, baseURL }) => {
  test.setTimeout(90_000);
  const demo = demoStores()[0]!;
  const gateway = demoGateway(baseURL!, demo);
  // Online now, so the command is queued for it rather than failing fast.
  await gateway.heartbeat();

  await signIn(page, 'admin', '/device/group-control');
  const form = page.getByTestId('command-form');
  const stores = form.getByTestId('command-stores');
  await stores.click();
  await page.keyboard.type(demo.meshId);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: demo.meshId }).click();
  await page.keyboard.press('Escape');
  await form.getByLabel('Brightness').check();
  await form.getByRole('spinbutton').fill('40');
  await form.getByRole('button', { name: 'Send' }).click();

  const progress = page.getByTestId('command-progress');
  const storeRow = row(progress, demo.meshId);
  await expect(storeRow).toContainText(/Queued|Sent/);

  // The gateway polls over HTTP, as a gateway without MQTT does, and acknowledges what it was told.
  let pending: { jobId: number }[] = [];
  await expect(async () => {
    pending = await gateway.pendingCommands();
    expect(pending.length).toBeGreaterThan(0);
  }).toPass({ timeout: 15_000 });
  for (const command of pending) await gateway.ack(command.jobId);

  await expect(storeRow).toContainText('Acknowledged', { timeout: 15_000 });
  await screenshot(page, 'group-control-acknowledged');
  // The history keeps who sent what, and its outcome.
  await expect(list(page).locator('.ant-table-row').first()).toContainText('1 acknowledged', { timeout: 15_000 });
});
