import type { Page } from '@playwright/test';
import { expect, screenshot, test } from '../fixtures';
import { inEnglish } from '../shell/english';
import { list } from './console';

test.beforeEach(({ page }) => inEnglish(page));

/** The usernames of the staff list on show, top to bottom (the first column). */
const usernames = (page: Page) => list(page).locator('.ant-table-tbody tr.ant-table-row td:first-child').allInnerTexts();

/** Whether the list shows usernames in ascending order, the administrator first. */
async function ascending(page: Page) {
  const names = await usernames(page);
  return names[0] === 'admin' && names.join('\n') === [...names].sort().join('\n');
}

/** The default order is the newest account first: the built-in administrator comes after the demo operator. */
async function newestFirst(page: Page) {
  const names = await usernames(page);
  return names.includes('operator') && names.indexOf('admin') > names.indexOf('operator');
}

test('the staff list sorted by a column stays sorted after a reload; back returns to the default order', async ({ page, signIn }) => {
  await signIn(page, 'admin', '/system/user');
  const header = list(page).getByRole('columnheader', { name: 'Username' });
  await expect(header).not.toHaveAttribute('aria-sort');
  await expect.poll(() => newestFirst(page)).toBe(true);

  await header.click();
  await expect(page).toHaveURL(/#\/system\/user\?sortBy=username&sortOrder=asc$/);
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(() => ascending(page)).toBe(true);

  await page.reload();
  await expect(page.locator('.page[data-path="/system/user"]')).toBeVisible();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(() => ascending(page)).toBe(true);
  await screenshot(page, 'lists-staff-sorted');

  await page.goBack();
  await expect(page).toHaveURL(/#\/system\/user$/);
  await expect(header).not.toHaveAttribute('aria-sort');
  await expect.poll(() => newestFirst(page)).toBe(true);
});
