import type { Download, Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, expectScreen, shownScreen } from '../fixtures';

export { shownScreen };

/** The list of the screen on show. */
export const list = (page: Page) => shownScreen(page).getByTestId('list-page');

/** Opens a screen by its route and waits until it is the only one shown. */
export async function openScreen(page: Page, path: string) {
  await page.goto(`/#${path}`);
  await expectScreen(page, path);
}

/** Switches to a kept-alive screen through its tag. */
export async function switchTag(page: Page, path: string) {
  await page.getByTestId('tags-view').locator(`[data-path="${path}"]`).click();
  await expectScreen(page, path);
}

/** The rows of a table (the shown list's, or one inside `scope`) holding this text. */
export const row = (scope: Page | Locator, text: string) =>
  ('goto' in scope ? list(scope) : scope).locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });

/** The newest toast with this text: an earlier one alike may still be fading when a second save shows its own. */
export const toast = (page: Page, text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text }).last();

/** The dialog on show (a closed one may linger hidden while it animates out). */
export const openDialog = (page: Page) => page.getByRole('dialog').filter({ visible: true });

/**
 * Types into a field of the shown list's search form and searches. Returns once the search is
 * the list's state (it is kept in the address), so an export or reload right after uses it.
 */
export async function search(page: Page, label: string, text: string) {
  const form = list(page).getByTestId('list-search');
  const addressed = () => [...new URLSearchParams(new URL(page.url()).hash.split('?')[1] ?? '').values()];
  // On a screen just opened the form may still be taking its values from the address, which can
  // clear what was typed a moment before: type and search again until the search is the state.
  await expect(async () => {
    await form.getByLabel(label, { exact: true }).fill(text);
    await form.getByRole('button', { name: /Search/ }).click();
    await expect.poll(addressed, { timeout: 3_000 }).toContain(text);
  }).toPass({ timeout: 20_000 });
}

/** Runs an entry of a row's "more" menu. */
export async function moreAction(page: Page, rowText: string, action: string) {
  await row(page, rowText).getByTestId('row-more').click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** Picks an option of an antd select or tree select: open it, type to narrow, click the option. */
export async function choose(page: Page, select: Locator, option: string, type?: string) {
  await select.click();
  if (type) await select.locator('input').fill(type);
  await page.locator('.ant-select-dropdown:visible, .ant-select-tree-dropdown:visible').getByTitle(option, { exact: true }).click();
}

/**
 * Signs out through the user menu and its confirmation. On a busy machine a click can land while
 * the confirmation is still opening and be lost: it is tried again while the dialog stays open.
 */
export async function signOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  const confirm = openDialog(page).filter({ hasText: 'Are you sure you want to sign out?' });
  await expect(confirm).toBeVisible();
  await expect(async () => {
    if (await confirm.isVisible()) await confirm.getByRole('button', { name: 'Sign out' }).click({ timeout: 2_000 });
    await expect(page).toHaveURL(/#\/login/, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** Clicks the export of the shown list (or of another part of the screen) and reads the downloaded workbook's first sheet back as text. */
export async function exportList(page: Page, scope: Locator = list(page)): Promise<{ filename: string; rows: string[][] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), scope.getByTestId('list-export').click()]);
  return { filename: download.suggestedFilename(), rows: await sheetRows(download) };
}

async function sheetRows(download: Download): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((r) => {
    const cells: string[] = [];
    r.eachCell({ includeEmpty: true }, (cell) => cells.push(cell.text));
    rows.push(cells);
  });
  return rows;
}
