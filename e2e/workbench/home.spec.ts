import { expectNoSeriousA11yViolations } from '../axe';
import { expect, screenshot, test } from '../fixtures';
import { openScreen, shownScreen } from '../admin/console';
import { inEnglish } from '../shell/english';

test.describe('Workbench home and the component gallery', () => {
  test.beforeEach(async ({ page }) => inEnglish(page));

  test('the administrator sees today’s figures of the demo stores and what waits for them', async ({ page, signIn }) => {
    await signIn(page, 'admin', '/home');
    const home = shownScreen(page);
    for (const figure of ['visitors', 'online', 'offline', 'registrants']) {
      await expect(home.getByTestId(`figure-${figure}`)).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
      await expect(home.getByTestId(`figure-${figure}`).locator('dd')).toHaveText(/\d/);
    }
    // The demo stores' devices and their people's feedback are seeded: both panels list rows.
    await expect(home.getByTestId('home-feedback').getByRole('listitem').first()).toBeVisible();
    await expect(home.getByTestId('home-offline').locator('.ld-panel-body')).not.toContainText('Could not load');
    await expect(home.getByTestId('home-firmware')).toBeVisible();
    await expect(home.getByTestId('home-shortcuts').getByRole('link').first()).toBeVisible();
    await screenshot(page, 'workbench-home');
    await expectNoSeriousA11yViolations(page, 'workbench home');
  });

  test('a test page and the test charts show each state', async ({ page, signIn }) => {
    await signIn(page, 'admin', '/gallery/page-1');
    const lists = shownScreen(page);
    for (const state of ['empty', 'loading', 'error', 'data']) await expect(lists.getByTestId(`state-${state}`)).toBeVisible();
    await expect(lists.getByTestId('state-data').getByRole('row', { name: /Rivoli/ })).toBeVisible();
    await expect(lists.getByTestId('state-empty').getByRole('row', { name: /Rivoli/ })).toHaveCount(0);
    await screenshot(page, 'gallery-lists');

    await openScreen(page, '/gallery/charts');
    const charts = shownScreen(page);
    for (const kind of ['line', 'bar', 'stacked', 'heatmap']) {
      await expect(charts.getByTestId(`chart-${kind}-data`)).toHaveAttribute('data-state', 'ready');
      // ECharts may paint in more than one canvas layer (the heatmap does).
      await expect(charts.getByTestId(`chart-${kind}-data`).locator('canvas').first()).toBeVisible({ timeout: 20_000 });
      await expect(charts.getByTestId(`chart-${kind}-empty`)).toHaveAttribute('data-state', 'empty');
      await expect(charts.getByTestId(`chart-${kind}-loading`)).toHaveAttribute('data-state', 'loading');
      await expect(charts.getByTestId(`chart-${kind}-error`)).toHaveAttribute('data-state', 'error');
    }
    await screenshot(page, 'gallery-charts');
    await expectNoSeriousA11yViolations(page, 'test charts');
  });
});
