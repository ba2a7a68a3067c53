import type { Page } from '@playwright/test';
import { expect, screenshot, test } from '../fixtures';
import { inEnglish, menuItem } from './english';

test.beforeEach(({ page }) => inEnglish(page));

const tags = (page: Page) => page.getByTestId('tags-view').getByTestId('tag');
const paths = (page: Page) => tags(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-path')));

async function open(page: Page, ...hashes: string[]) {
  for (const hash of hashes) {
    await page.goto(`/#${hash}`);
    await expect(page.getByTestId('tags-view').locator(`[data-path="${hash}"]`)).toBeVisible();
  }
}

async function action(page: Page, name: string) {
  await page.getByTestId('tags-actions').click();
  await menuItem(page, name).click();
}

test('tags view: each close action; the landing page stays (affix)', async ({ page, signIn }) => {
  await signIn(page, 'admin');
  await open(page, '/system/user', '/store/user', '/device/luminaire', '/device/mobile', '/firmware/release');
  await expect.poll(() => paths(page)).toEqual(['/today/index', '/system/user', '/store/user', '/device/luminaire', '/device/mobile', '/firmware/release']);
  await screenshot(page, 'shell-tags');

  // Close: the open page closes and the last tag left opens.
  await action(page, 'Close');
  await expect(page).toHaveURL(/#\/device\/mobile$/);
  await expect.poll(() => paths(page)).toEqual(['/today/index', '/system/user', '/store/user', '/device/luminaire', '/device/mobile']);

  // Close to the right / left of the open page.
  await page.getByTestId('tags-view').locator('[data-path="/store/user"]').click();
  await action(page, 'Close tabs to the right');
  await expect.poll(() => paths(page)).toEqual(['/today/index', '/system/user', '/store/user']);
  await action(page, 'Close tabs to the left');
  await expect.poll(() => paths(page)).toEqual(['/today/index', '/store/user']);

  // Close others keeps the affix landing page.
  await open(page, '/device/luminaire', '/device/mobile');
  await page.getByTestId('tags-view').locator('[data-path="/device/luminaire"]').click();
  await action(page, 'Close others');
  await expect.poll(() => paths(page)).toEqual(['/today/index', '/device/luminaire']);

  // Close all leaves the affix tag and opens it.
  await action(page, 'Close all');
  await expect.poll(() => paths(page)).toEqual(['/today/index']);
  await expect(page).toHaveURL(/#\/today\/index$/);

  // The close icon on a tag, and the right-click menu.
  await open(page, '/system/user', '/store/user');
  await page.getByTestId('tags-view').locator('[data-path="/system/user"] .tag-close').click();
  await expect.poll(() => paths(page)).toEqual(['/today/index', '/store/user']);
  await page.getByTestId('tags-view').locator('[data-path="/store/user"]').click({ button: 'right' });
  await menuItem(page, 'Close').click();
  await expect.poll(() => paths(page)).toEqual(['/today/index']);
});

test('a keepAlive page keeps typed input across tag switches; refresh rebuilds it', async ({ page, signIn }) => {
  await signIn(page, 'admin');
  await open(page, '/home');
  const search = page.getByTestId('screen-search');
  await search.fill('firmware');
  await open(page, '/store/mesh');
  await expect(search).toBeHidden();
  await page.getByTestId('tags-view').locator('[data-path="/home"]').click();
  await expect(page.getByTestId('screen-search')).toHaveValue('firmware');
  // The finder shows what was typed for: the firmware screens.
  await expect(page.locator('.workbench-screens')).toContainText('Release channel');

  await action(page, 'Refresh');
  await expect(page.getByTestId('screen-search')).toHaveValue('');
});
