import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../axe';
import { expect, screenshot, test } from '../fixtures';
import { signInReading } from '../languages';
import { exportList, list, openScreen, row, shownScreen, signOut } from '../admin/console';
import { inEnglish } from '../shell/english';
import { demoGateway, demoStores } from '../device/gateway';

/** Every analytics screen, by its menu route. */
const SCREENS = [
  '/today/index',
  '/statistics/store-popularity',
  '/statistics/all-stores',
  '/statistics/popularity-map',
  '/counting/store',
  '/counting/current-heatmap',
  '/counting/walk-in',
  '/counting/zone',
];

/**
 * People in every demo store right now, reported by its gateway: the demo's own live reports
 * follow each store's opening hours, and a store may be closed when the tests run.
 */
async function peopleNow(baseURL: string) {
  for (const store of demoStores()) {
    await demoGateway(baseURL, store).report([
      ...store.counters.map((device) => ({ device, kind: 'entrance', seconds: 60, in: 6, out: 2 })),
      ...store.luminaires.map((device) => ({ device, kind: 'presence', seconds: 60, dwellMs: [3_000, 20_000, 90_000] })),
      ...store.zones.map((device) => ({ device, kind: 'zone', people: 4 })),
      ...store.heatmaps.map((device) => ({ device, kind: 'heatmap', width: 8, height: 8, cells: Array.from({ length: 64 }, (_, i) => i % 5) })),
    ]);
  }
}

/** A chart of the shown screen that finished loading and drew its canvas. */
async function expectChartDrawn(page: Page) {
  const chart = shownScreen(page).locator('.ld-chart[data-state="ready"]').first();
  await expect(chart).toBeVisible({ timeout: 20_000 });
  await expect(chart.locator('canvas').first()).toBeVisible();
}

/** Picks a period kind or quick range as a person does, by its button. */
const choosePeriod = (page: Page, label: string) => shownScreen(page).getByTestId('period-picker').getByText(label, { exact: true }).click();

/** The store heatmap's people drawn over the floor plan. */
const heatmapLayer = (page: Page) => shownScreen(page).getByTestId('heatmap-layer');

/** How many of the layer's pixels were painted (cells where somebody was). */
const paintedCells = (page: Page) =>
  heatmapLayer(page).evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    return data.filter((_, i) => i % 4 === 3 && data[i]! > 0).length;
  });

/** A figure card's number, as shown. */
const figure = (page: Page, key: string) => shownScreen(page).getByTestId(`figure-${key}`);

for (const [language, brand, persons] of [
  ['en-US', 'lightdesk', 'Persons'],
  ['zh-CN', 'lightdesk', '人数'],
] as const) {
  test(`every analytics screen draws the demo stores' figures in ${language}, with no key left untranslated`, async ({ page, credentials, baseURL }) => {
    test.setTimeout(180_000);
    await peopleNow(baseURL!);
    const missing = await signInReading(page, credentials, language, brand);
    for (const path of SCREENS) {
      await openScreen(page, path);
      await expectChartDrawn(page);
      await expect(shownScreen(page).locator('.ant-spin-spinning')).toHaveCount(0);
      const name = `analytics${path.replaceAll('/', '-')}-${language}`;
      await screenshot(page, name);
      await expectNoSeriousA11yViolations(page, name);
    }
    await openScreen(page, '/heatmap/store');
    await expect(heatmapLayer(page)).toBeVisible();
    await screenshot(page, `analytics-heatmap-store-${language}`);
    await expectNoSeriousA11yViolations(page, `analytics-heatmap-store-${language}`);
    await openScreen(page, '/statistics/store-popularity');
    await expect(figure(page, 'persons')).toContainText(persons);
    expect(missing).toEqual([]);
  });
}

test.describe('in English', () => {
  test.beforeEach(({ page }) => inEnglish(page));

  test("store popularity: today's people by hour, the month by day, one product's trend, and the export read back", async ({ page, signIn, baseURL }) => {
    test.setTimeout(120_000);
    await peopleNow(baseURL!);
    await signIn(page, 'admin', '/statistics/store-popularity');
    await expectChartDrawn(page);
    await expect(figure(page, 'persons')).not.toContainText(/^Persons\s*0$/);
    await choosePeriod(page, 'Month');
    await expect(page).toHaveURL(/period%5Bkind%5D=month|period\[kind\]=month|kind=month/);
    await expectChartDrawn(page);

    const products = shownScreen(page).getByTestId('popularity-products');
    await expect(products.locator('.ant-table-row').first()).toBeVisible();
    const { filename, rows } = await exportList(page, shownScreen(page));
    expect(filename).toMatch(/\.xlsx$/);
    expect(rows[0]).toEqual(['Rank', 'Product', 'Model', 'Persons', 'Stayed under 5 s', 'Stayed 5–60 s', 'Stayed over 60 s', 'Average dwell time']);
    expect(rows.length).toBeGreaterThan(1);
    const firstProduct = rows[1]![1]!;
    await expect(products.locator('.ant-table-row').first()).toContainText(firstProduct);

    await products.getByTestId('product-trend-open').first().click();
    const drawer = page.getByTestId('product-trend');
    await expect(drawer).toBeVisible();
    await expect(drawer.locator('.ld-chart[data-state="ready"] canvas').first()).toBeVisible();
    await screenshot(page, 'analytics-product-trend');
    await expectNoSeriousA11yViolations(page, 'analytics-product-trend');
  });

  test('store popularity against the previous period: each figure with its change, and the day before as a second line', async ({ page, signIn, baseURL }) => {
    test.setTimeout(120_000);
    await peopleNow(baseURL!);
    await signIn(page, 'admin', '/statistics/store-popularity');
    await expectChartDrawn(page);
    await shownScreen(page).getByTestId('compare-picker').getByText('Previous period', { exact: true }).click();
    await expect(page).toHaveURL(/compare=previous/);

    const change = figure(page, 'persons').getByTestId('change');
    await expect(change).toHaveText(/^[▲▼] [\d.,]+%$|^0%$|^new$/);
    await expect(change).toHaveAttribute('aria-label', /against the previous period/);
    const trend = shownScreen(page).getByTestId('popularity-trend');
    await expect(trend.locator('canvas').first()).toBeVisible();
    // The legend names the second line by the day before; the chart's table holds the same series.
    await expect(trend.getByRole('columnheader', { name: /^Persons \(/ })).toBeAttached();
    await screenshot(page, 'analytics-store-popularity-compared');
    await expectNoSeriousA11yViolations(page, 'analytics-store-popularity-compared');
  });

  test('all stores: ranked for a week, two compared per open day, and the ranking exported', async ({ page, signIn }) => {
    test.setTimeout(120_000);
    await signIn(page, 'admin', '/statistics/all-stores');
    await choosePeriod(page, 'Week');
    const ranking = list(page);
    await expect(ranking.locator('.ant-table-row').first()).toBeVisible();
    const names = (await ranking.locator('.ant-table-row td:nth-child(3)').allTextContents()).slice(0, 2);
    for (const name of names)
      await row(page, name)
        .getByRole('checkbox', { name: `Compare ${name}` })
        .check();
    const comparison = shownScreen(page).locator('.ant-table').last();
    for (const name of names) await expect(comparison).toContainText(name);
    await expectChartDrawn(page);
    await screenshot(page, 'analytics-all-stores');
    await expectNoSeriousA11yViolations(page, 'analytics-all-stores');

    const { rows } = await exportList(page);
    expect(rows[0]!.slice(0, 3)).toEqual(['Rank', 'Store', 'Store ID']);
    expect(rows.slice(1).map((r) => r[1])).toEqual(expect.arrayContaining(names));
  });

  test("the agent's staff pick only Northwind's stores", async ({ page, signIn }) => {
    // London Oxford Street is a platform store: the platform finds it, Northwind's staff do not.
    const find = async (name: string) => {
      await openScreen(page, '/statistics/store-popularity');
      await shownScreen(page).getByTestId('store-picker').click();
      await page.keyboard.type(name);
      return page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name });
    };
    await signIn(page, 'admin');
    await expect(await find('London')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await signOut(page);
    await signIn(page, 'agent');
    const dropdown = page.locator('.ant-select-dropdown:visible');
    await expect(await find('London')).toHaveCount(0);
    await expect(dropdown).toContainText('No store found');
  });

  test('people zones: limits set on a zone show in its state, and the store limits are kept', async ({ page, signIn }) => {
    await signIn(page, 'admin', '/counting/zone');
    const zone = shownScreen(page).getByTestId('zone-panel').first();
    await expect(zone).toBeVisible({ timeout: 20_000 });
    await zone.getByTestId('zone-edit').click();
    const dialog = page.getByRole('dialog').filter({ visible: true });
    await dialog.getByText('90°', { exact: true }).click();
    await dialog.getByLabel('Maximum people').fill('0');
    await dialog.getByLabel('Minimum people').fill('0');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(zone).toContainText('90°');
    await expectChartDrawn(page);
    await screenshot(page, 'analytics-zones');
  });

  test("store heatmap: people drawn over the demo store's floor plan, see-through as chosen, and a new plan keeps the sensors aligned", async ({
    page,
    signIn,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await peopleNow(baseURL!);
    await signIn(page, 'admin', '/heatmap/store');
    const screen = shownScreen(page);
    await expect(screen.getByTestId('align-tip')).toBeVisible();
    const plan = screen.getByTestId('floor-plan');
    await expect(plan.getByRole('img', { name: 'Floor plan of the store' })).toBeVisible();
    await expect(plan.getByTestId('sensor-marker').first()).toBeVisible();
    await expect(heatmapLayer(page)).toBeVisible();
    await expect.poll(() => paintedCells(page)).toBeGreaterThan(0);
    expect(Number(await heatmapLayer(page).getAttribute('data-max'))).toBeGreaterThan(0);
    await expect(screen.getByTestId('heat-legend')).toContainText('Busiest spot');

    await screen.getByTestId('heatmap-opacity').getByRole('slider').focus();
    await page.keyboard.press('ArrowLeft');
    await expect(heatmapLayer(page)).toHaveCSS('opacity', '0.6');
    await screenshot(page, 'analytics-store-heatmap');

    // A photo of the plan replaces the drawing; the app's alignment stays, in fractions of the plan.
    const before = await plan.getByRole('img', { name: 'Floor plan of the store' }).getAttribute('src');
    await screen.locator('input[type=file]').setInputFiles(fileURLToPath(new URL('../../apps/web/public/brands/lumen/poster.jpg', import.meta.url)));
    await expect(plan.getByRole('img', { name: 'Floor plan of the store' })).not.toHaveAttribute('src', before!);
    await expect(screen.getByTestId('sensor-list')).toContainText('Aligned');
    await expect.poll(() => paintedCells(page)).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page, 'analytics-store-heatmap');
  });
});
