import type { Locator } from '@playwright/test';
import { openScreen, shownScreen } from '../admin/console';
import { demoGateway, demoStores } from '../device/gateway';
import { expect, screenshot, test } from '../fixtures';
import { signInReading } from '../languages';

/**
 * What a chart painted, not that it has a canvas: each colour's share of the coloured pixels
 * (greys, white and the pale "nobody" end of the heat scale left out) over the chart's canvases,
 * above `bottom` CSS pixels kept off the bottom edge (where a colour scale's legend is drawn).
 */
const paintedColours = (chart: Locator, bottom = 0) =>
  chart.locator('canvas').evaluateAll((canvases: HTMLCanvasElement[], keepOff: number) => {
    const counts = new Map<string, number>();
    for (const canvas of canvases) {
      const ratio = canvas.width / canvas.getBoundingClientRect().width || 1;
      const height = Math.max(0, canvas.height - Math.round(keepOff * ratio));
      if (height === 0) continue;
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, height);
      for (let i = 0; i < data.length; i += 4) {
        const [r, g, b, a] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
        if (a < 200 || Math.max(r, g, b) - Math.min(r, g, b) < 48) continue;
        // Sixteen steps a channel: anti-aliasing and rounding do not make new colours.
        const colour = `${r >> 4},${g >> 4},${b >> 4}`;
        counts.set(colour, (counts.get(colour) ?? 0) + 1);
      }
    }
    return [...counts.values()];
  }, bottom);

/** How many pixels are coloured at all. */
const colouredPixels = async (chart: Locator, bottom = 0) => (await paintedColours(chart, bottom)).reduce((sum, n) => sum + n, 0);

/** How many colours each cover a real share (2%) of the coloured pixels: a grid of one colour has one. */
const distinctColours = async (chart: Locator, bottom = 0) => {
  const counts = await paintedColours(chart, bottom);
  const total = counts.reduce((sum, n) => sum + n, 0);
  return counts.filter((n) => n >= total * 0.02).length;
};

/** Where the heatmap grids draw their colour scale: below the grid, in its bottom 64 pixels. */
const HEAT_LEGEND = 70;

/** People in every demo store's heatmap sensors in the last five minutes, unevenly spread. */
async function heatNow(baseURL: string) {
  for (const store of demoStores()) {
    await demoGateway(baseURL, store).report([
      ...store.counters.map((device) => ({ device, kind: 'entrance', seconds: 60, in: 6, out: 2 })),
      ...store.heatmaps.map((device) => ({ device, kind: 'heatmap', width: 8, height: 8, cells: Array.from({ length: 64 }, (_, i) => i % 5) })),
    ]);
  }
}

for (const [language, brand] of [
  ['en-US', 'lightdesk'],
  ['zh-CN', 'lightdesk'],
] as const) {
  test(`the popularity map paints its stores and the current heatmap its spread of people, in ${language}`, async ({ page, credentials, baseURL }) => {
    test.setTimeout(120_000);
    await heatNow(baseURL!);
    await signInReading(page, credentials, language, brand, '/statistics/popularity-map');

    const map = shownScreen(page).locator('.ld-chart[data-state="ready"]');
    await expect(map.locator('canvas').first()).toBeVisible({ timeout: 20_000 });
    // The world is grey; the stores are the coloured bubbles on it.
    await expect.poll(() => colouredPixels(map), { timeout: 15_000 }).toBeGreaterThan(50);
    await screenshot(page, `analytics-charts-map-${language}`);

    await openScreen(page, '/counting/current-heatmap');
    const heatmap = shownScreen(page).getByTestId('current-heatmap-grid');
    await expect(heatmap).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
    await expect(heatmap.locator('canvas').first()).toBeVisible();
    // Cells of different counts in different colours: a flat block would be one.
    await expect.poll(() => distinctColours(heatmap, HEAT_LEGEND), { timeout: 15_000 }).toBeGreaterThan(1);
    await screenshot(page, `analytics-charts-current-heatmap-${language}`);
  });
}

test('the test charts paint their heatmap sample in more than one colour', async ({ page, credentials }) => {
  await signInReading(page, credentials, 'en-US', 'lightdesk', '/gallery/charts');
  const heatmap = shownScreen(page).getByTestId('chart-heatmap-data');
  await expect(heatmap.locator('canvas').first()).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => distinctColours(heatmap, HEAT_LEGEND), { timeout: 15_000 }).toBeGreaterThan(2);
});
