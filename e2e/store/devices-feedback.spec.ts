import type { Page } from '@playwright/test';
import { expect, screenshot, test } from '../fixtures';
import { exportList, list, row, search, signOut } from '../admin/console';
import { expectNoSeriousA11yViolations } from '../axe';
import { inEnglish } from '../shell/english';

test.beforeEach(({ page }) => inEnglish(page));

/** The demo stores of the agent Northwind; every other demo store is the platform's. */
const NORTHWIND_STORES = [
  'Amsterdam Kalverstraat',
  'Rotterdam Lijnbaan',
  'Berlin Alexanderplatz',
  'Munich Marienplatz',
  'Paris Rivoli',
  'Brussels Nieuwstraat',
];

const tableRows = (page: Page) => list(page).locator('.ant-table-tbody tr.ant-table-row');
const storeColumn = (page: Page) => tableRows(page).locator('td:nth-child(4)');

/** The store ID (mesh id) shown under a store's name in the devices list. */
async function storeIdOf(page: Page, storeName: string): Promise<string> {
  const cell = storeColumn(page).filter({ hasText: storeName }).first();
  const id = (await cell.locator('.ant-typography').textContent())?.trim();
  expect(id).toBeTruthy();
  return id!;
}

test('admin finds a store’s luminaires, then its gateway and sensor on the second tab', async ({ page, signIn }) => {
  await signIn(page, 'admin', '/device/luminaire');
  await expect(tableRows(page).first()).toBeVisible();
  await expect(list(page).getByRole('tab', { name: 'AI lights' })).toHaveAttribute('aria-selected', 'true');
  await expect(
    tableRows(page)
      .filter({ hasText: /(Entrance|Aisle) light \d+/ })
      .first(),
  ).toBeVisible();
  // The demo stores' gateways report: every device shows whether it is online.
  await expect(
    tableRows(page)
      .first()
      .getByText(/^(Online|Offline)$/),
  ).toBeVisible();

  // Paris is the only French demo store: its ID is on the first page of French devices.
  await search(page, 'Country code', 'FR');
  const paris = await storeIdOf(page, 'Paris Rivoli');
  // A link to the list of one store's devices, by its ID.
  await page.goto(`/#/device/luminaire?meshId=${paris}`);
  await expect(list(page).getByTestId('list-search').getByLabel('Store ID', { exact: true })).toHaveValue(paris);
  await expect(list(page).getByText('Total 30', { exact: false })).toBeVisible();
  await expect(storeColumn(page).filter({ hasNotText: 'Paris Rivoli' })).toHaveCount(0);
  await screenshot(page, 'store-luminaires');
  await expectNoSeriousA11yViolations(page, 'store-luminaires');

  await list(page).getByRole('tab', { name: 'Gateways & sensors' }).click();
  await expect(row(page, 'Entrance counter')).toBeVisible();
  await expect(row(page, 'Gateway').first()).toBeVisible();
  await expect(tableRows(page)).toHaveCount(4);
  await expect(storeColumn(page).filter({ hasNotText: 'Paris Rivoli' })).toHaveCount(0);
  // A reload keeps the tab and the search.
  await page.reload();
  await expect(list(page).getByRole('tab', { name: 'Gateways & sensors' })).toHaveAttribute('aria-selected', 'true');
  await expect(row(page, 'Entrance counter')).toBeVisible();
  // The export holds the tab's devices, searched as the list is.
  const { filename, rows } = await exportList(page);
  expect(filename).toMatch(/\.xlsx$/);
  expect(
    rows
      .slice(1)
      .map((cells) => cells[0])
      .sort(),
  ).toEqual(['Entrance counter', 'Fitting-room zone', 'Gateway', 'Heatmap sensor']);
  await screenshot(page, 'store-gateways');
  await expectNoSeriousA11yViolations(page, 'store-gateways');
});

test('admin sees the app users’ phones and filters them by platform', async ({ page, signIn }) => {
  await signIn(page, 'admin', '/device/mobile');
  await expect(row(page, 'demo.user01@example.com')).toBeVisible();
  await list(page).getByTestId('list-search').getByRole('combobox', { name: 'Platform' }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('iOS', { exact: true }).click();
  await list(page)
    .getByTestId('list-search')
    .getByRole('button', { name: /Search/ })
    .click();
  await expect(tableRows(page).first()).toBeVisible();
  await expect(tableRows(page).filter({ hasText: 'Android' })).toHaveCount(0);
  await expect(tableRows(page).filter({ hasText: 'iOS' }).first()).toBeVisible();
  await screenshot(page, 'store-mobile-devices');
  await expectNoSeriousA11yViolations(page, 'store-mobile-devices');
});

test('admin finds a customer’s feedback, sees its picture, replies, and the list shows it handled', async ({ page, signIn }) => {
  await signIn(page, 'admin', '/messageList');
  await expect(page.getByTestId('feedback-stat-totalUsers').filter({ visible: true })).not.toHaveText(/—/);
  await search(page, 'Customer email', 'demo.user05@example.com');
  const feedback = row(page, 'demo.user05@example.com');
  await expect(feedback).toHaveCount(1);
  await expect(feedback.getByTestId('feedback-handled')).toHaveText('Awaiting reply');
  await screenshot(page, 'store-feedback');
  await expectNoSeriousA11yViolations(page, 'store-feedback');

  await feedback.getByTestId('row-detail').click();
  const drawer = page.getByTestId('feedback-detail').filter({ visible: true });
  await expect(drawer.getByTestId('feedback-content')).toContainText('wrong colour temperature');
  const picture = drawer.getByRole('img', { name: 'Picture 1 of 1 sent with the feedback' });
  await expect(picture).toBeVisible();
  // The signed link served the picture itself (the Content-Security-Policy let it in: the fixture checks).
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await screenshot(page, 'store-feedback-detail');
  await expectNoSeriousA11yViolations(page, 'store-feedback-detail');

  const reply = `The pendant's driver is replaced under warranty (${Date.now().toString(36)}).`;
  await drawer.getByLabel('Reply').fill(reply);
  await drawer.getByRole('button', { name: 'Send reply' }).click();
  await expect(drawer).toBeHidden();
  await expect(feedback.getByTestId('feedback-handled')).toHaveText('Handled');
  await expect(feedback).toContainText(reply);
});

test('the agent sees only the devices of Northwind’s stores', async ({ page, signIn }) => {
  // A platform store's ID, as the platform sees it.
  await signIn(page, 'admin', '/device/luminaire');
  await search(page, 'Country code', 'GB');
  const london = await storeIdOf(page, 'London Oxford Street');
  await signOut(page);

  await signIn(page, 'agent', '/device/luminaire');
  await expect(tableRows(page).first()).toBeVisible();
  for (const store of await storeColumn(page).allTextContents())
    expect(
      NORTHWIND_STORES.some((name) => store.startsWith(name)),
      store,
    ).toBe(true);
  await expect(list(page).getByText('Total 180', { exact: false })).toBeVisible();
  await search(page, 'Store ID', london);
  await expect(list(page).locator('.ant-table-placeholder')).toBeVisible();
  await expect(tableRows(page)).toHaveCount(0);

  await list(page).getByRole('tab', { name: 'Gateways & sensors' }).click();
  await list(page).getByTestId('list-search').getByRole('button', { name: /Reset/ }).click();
  // Six stores, each with a gateway, an entrance counter, a zone sensor and a heatmap sensor.
  await expect(list(page).getByText('Total 24', { exact: false })).toBeVisible();
  for (const store of await storeColumn(page).allTextContents())
    expect(
      NORTHWIND_STORES.some((name) => store.startsWith(name)),
      store,
    ).toBe(true);
  await screenshot(page, 'store-gateways-agent');
});
