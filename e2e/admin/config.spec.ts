import type { Page } from '@playwright/test';
import { expect, screenshot, test } from '../fixtures';
import { inEnglish } from '../shell/english';
import { exportList, list, openScreen, row, search, switchTag, toast } from './console';

test.beforeEach(({ page }) => inEnglish(page));
// Each test is a journey across several screens of a two-core machine.
test.describe.configure({ timeout: 90_000 });

/** Sets the label of the `common_status` entry whose label is `from`, through the Dictionaries screen. */
async function relabelStatus(page: Page, from: string, to: string) {
  await openScreen(page, '/system/dict');
  await row(page, 'common_status').getByTestId('dict-entries').click();
  const drawer = page.getByTestId('dict-data-drawer');
  await expect(drawer).toBeVisible();
  const entries = drawer.getByTestId('list-page');
  // By the label's own tag: every entry's status column says "Enabled" too.
  const entry = (label: string) =>
    entries.locator('.ant-table-tbody tr.ant-table-row').filter({ has: page.getByTestId('dict-entry-preview').getByText(label, { exact: true }) });
  await entry(from).getByTestId('row-edit').click();
  const dialog = page.getByRole('dialog', { name: 'Edit entry of common_status' });
  await dialog.getByLabel('Label', { exact: true }).fill(to);
  await expect(dialog.getByTestId('dict-data-preview')).toHaveText(to);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(entry(to)).toBeVisible();
  return drawer;
}

test('a dictionary label edited by the admin shows at once in another list, without signing in again', async ({ page, signIn }) => {
  await signIn(page, 'admin');
  // The Menus list shows each entry's status as the common_status tag.
  await openScreen(page, '/system/menu');
  const menuStatus = row(page, 'Administration').first().locator('[data-dict-type="common_status"]');
  await expect(menuStatus).toHaveText('Enabled');
  await expect(page.getByTestId('menu-notice')).toContainText('next sign-in');
  await screenshot(page, 'admin-menus');

  const drawer = await relabelStatus(page, 'Enabled', 'Active');
  await screenshot(page, 'admin-dict-entries');
  await drawer.getByRole('button', { name: 'Close' }).click();
  await screenshot(page, 'admin-dicts');

  // Back on Menus (kept alive, never reloaded): the tag reads the new label.
  await switchTag(page, '/system/menu');
  await expect(menuStatus).toHaveText('Active');
  // And on a screen opened only now.
  await openScreen(page, '/system/dict');
  await expect(row(page, 'common_status').locator('[data-dict-type="common_status"]')).toHaveText('Active');

  // Put the seeded label back, and see that too.
  await relabelStatus(page, 'Active', 'Enabled');
  await page.getByTestId('dict-data-drawer').getByRole('button', { name: 'Close' }).click();
  await switchTag(page, '/system/menu');
  await expect(menuStatus).toHaveText('Enabled');
});

test('menus: the form follows the kind of entry, and a new button lands under its screen', async ({ page, signIn }) => {
  await signIn(page, 'admin', '/system/menu');
  await search(page, 'Menu name', 'Parameter settings');
  const screenRow = row(page, 'Parameter settings').first();
  await expect(screenRow).toBeVisible();
  await screenRow.getByTestId('menu-add-child').click();
  const dialog = page.getByRole('dialog', { name: 'Add menu' });
  await expect(dialog.getByRole('radio', { name: 'Button' })).toBeChecked();
  await expect(dialog.getByTestId('menu-path')).toHaveCount(0);
  await dialog.getByTestId('menu-name').fill('Import parameters');
  await dialog.getByTestId('menu-permission').fill('system:config:import');
  // A directory asks for a path and an icon instead.
  await dialog.getByText('Directory', { exact: true }).click();
  await expect(dialog.getByTestId('menu-path')).toBeVisible();
  await expect(dialog.getByTestId('menu-permission')).toHaveCount(0);
  await dialog.getByTestId('menu-icon').click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'bulb' })).toBeVisible();
  await screenshot(page, 'admin-menu-form');
  await page.keyboard.press('Escape');
  await dialog.getByText('Button', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'next sign-in')).toBeVisible();

  // The search named the screen only; searching for the button finds it, under its screen.
  await search(page, 'Menu name', 'param');
  const button = row(page, 'Import parameters');
  await expect(button).toContainText('system:config:import');
  await expect(button).toHaveClass(/ant-table-row-level-1/);
  // Clean up: a button has no children, so it can be deleted.
  await button.getByTestId('row-delete').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(button).toHaveCount(0);
});

test('parameter settings: built-in entries cannot be deleted, and the list exports to an .xlsx holding its rows', async ({ page, signIn }) => {
  await signIn(page, 'admin', '/system/config');
  const captcha = row(page, 'security.captcha.enabled');
  await expect(captcha).toContainText('Built-in');
  await expect(captcha.getByTestId('row-delete')).toHaveCount(0);
  const shown = await list(page).locator('.ant-table-tbody tr.ant-table-row').count();
  await expect(list(page).getByTestId('pagination-total')).toContainText(String(shown));
  await screenshot(page, 'admin-config');

  await captcha.getByTestId('row-edit').click();
  const dialog = page.getByRole('dialog', { name: 'Edit parameter' });
  await expect(dialog.getByTestId('config-key')).toBeDisabled();
  await expect(dialog.getByTestId('config-value')).toHaveAttribute('role', 'switch');
  await screenshot(page, 'admin-config-form');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const { filename, rows } = await exportList(page);
  expect(filename).toBe('Parameter settings.xlsx');
  expect(rows[0]).toEqual(expect.arrayContaining(['Parameter key', 'Parameter name', 'Value']));
  const keys = rows.slice(1).map((r) => r[0]);
  expect(keys).toHaveLength(shown);
  expect(keys).toEqual(expect.arrayContaining(['security.captcha.enabled', 'security.login.max-failures']));
});

test('platform settings save as one form; areas search the ISO 3166 tree', async ({ page, signIn }) => {
  await signIn(page, 'admin', '/system/platform-setting');
  const retention = page.getByTestId('platform-retention');
  const before = await retention.inputValue();
  await retention.fill('400');
  await page.getByTestId('platform-save').click();
  await expect(toast(page, 'Platform settings saved')).toBeVisible();
  await screenshot(page, 'admin-platform-settings');
  // Read back from the server, then put it back.
  await page.reload();
  await expect(page.getByTestId('platform-retention')).toHaveValue('400');
  await page.getByTestId('platform-retention').fill(before);
  await page.getByTestId('platform-save').click();
  await expect(toast(page, 'Platform settings saved').first()).toBeVisible();

  await openScreen(page, '/system/area');
  await expect(page.getByTestId('area-count')).toContainText('Countries and regions: 249');
  // Countries open onto their subdivisions.
  await page.getByTestId('area-tree').locator('.ant-tree-treenode').filter({ hasText: 'Andorra' }).locator('.ant-tree-switcher').click();
  await expect(page.getByTestId('area-tree').getByText('AD-07')).toBeVisible();
  await screenshot(page, 'admin-areas-all');
  await page.getByTestId('area-search').getByRole('searchbox').fill('DE-BY');
  await page.getByTestId('area-search').getByRole('searchbox').press('Enter');
  const tree = page.getByTestId('area-tree');
  await expect(tree.getByText('Bavaria')).toBeVisible();
  await expect(tree.getByText('Germany')).toBeVisible();
  await screenshot(page, 'admin-areas');
});
