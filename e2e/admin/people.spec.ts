import type { Locator, Page } from '@playwright/test';
import { expect, screenshot, signIn, test } from '../fixtures';
import { inEnglish } from '../shell/english';
import { choose, exportList, list, moreAction, openScreen, row, search, signOut, toast } from './console';

test.beforeEach(({ page }) => inEnglish(page));

/** Names unique to this run, so the journeys never trip over rows an earlier test made. */
const run = Date.now().toString(36).slice(-5);

/** Opens the form dialog and returns it. */
async function createDialog(page: Page, title: string): Promise<Locator> {
  await list(page).getByTestId('list-create').click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function save(page: Page, dialog: Locator) {
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Saved successfully').first()).toBeVisible();
}

test('departments and posts: a small organisation, and a department with sub-departments cannot be deleted', async ({ page, signIn: signInAs }) => {
  // A long journey on a shared two-core machine.
  await signInAs(page, 'admin');
  await openScreen(page, '/system/dept');
  const head = `Head office ${run}`;
  let dialog = await createDialog(page, 'Add department');
  await dialog.getByLabel('Department name').fill(head);
  await save(page, dialog);

  // A sub-department from the row's own action starts under it.
  for (const name of [`Retail operations ${run}`, `Field service ${run}`]) {
    await row(page, head).getByTestId('dept-add-child').click();
    dialog = page.getByRole('dialog', { name: 'Add department' });
    await expect(dialog.getByTitle(head)).toBeVisible();
    await dialog.getByLabel('Department name').fill(name);
    await save(page, dialog);
  }
  // The tree shows them nested under the head office, expanded.
  await expect(row(page, `Retail operations ${run}`).locator('.indent-level-1')).toHaveCount(1);
  await expect(row(page, `Field service ${run}`)).toBeVisible();
  await screenshot(page, 'people-departments');

  await row(page, head).getByTestId('row-delete').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, /still has sub-departments/)).toBeVisible();
  await expect(row(page, head)).toBeVisible();

  await openScreen(page, '/system/post');
  dialog = await createDialog(page, 'Add post');
  await dialog.getByLabel('Post name').fill(`Store technician ${run}`);
  await dialog.getByLabel('Post code').fill(`tech_${run}`);
  await save(page, dialog);
  await expect(row(page, `tech_${run}`)).toContainText('Enabled');
  await screenshot(page, 'people-posts');
});

test('a role granting one menu: the staff member holding it sees exactly that menu', async ({ page, credentials }) => {
  const roleName = `Store viewer ${run}`;
  const username = `viewer_${run}`;
  const password = `Lantern-${run}-2026`;
  await signIn(page, 'admin', credentials.password);

  // The role, with Stores › Store management picked in the assign-menus tree.
  await openScreen(page, '/system/role');
  let dialog = await createDialog(page, 'Add role');
  await dialog.getByLabel('Role name').fill(roleName);
  await dialog.getByLabel('Role code').fill(`store_viewer_${run}`);
  await save(page, dialog);
  await search(page, 'Role name', roleName);
  await expect(row(page, roleName)).toHaveCount(1);
  await moreAction(page, roleName, 'Assign menus');
  dialog = page.getByRole('dialog', { name: 'Assign menus' });
  const tree = dialog.getByTestId('role-menu-tree');
  // "Store management" is also a hidden workbench shortcut: take the one right under Stores.
  const stores = tree.locator('.ant-tree-treenode', { has: page.locator('[data-menu-title="Stores"]') });
  const storeManagement = stores.locator('xpath=following-sibling::*[1]');
  await expect(storeManagement.locator('[data-menu-title]')).toHaveAttribute('data-menu-title', 'Store management');
  await storeManagement.locator('.ant-tree-checkbox').click();
  await expect(stores.locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-indeterminate/);
  await screenshot(page, 'people-role-menus');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await screenshot(page, 'people-roles');

  // The staff member, holding only that role.
  await openScreen(page, '/system/user');
  dialog = await createDialog(page, 'Add staff member');
  await dialog.getByLabel('Nickname').fill(`Vera Viewer ${run}`);
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password').fill(password);
  await choose(page, dialog.getByLabel('Roles', { exact: true }), roleName);
  await screenshot(page, 'people-staff-form');
  await save(page, dialog);
  await search(page, 'Username', username);
  await expect(row(page, username)).toContainText(`Vera Viewer ${run}`);

  // Sign out, sign in as the new staff member.
  await signOut(page);
  await signIn(page, username, password);

  // The first (and only) screen this person may open is where they land.
  await expect(page).toHaveURL(/#\/store\/mesh$/);
  const sidebar = page.getByTestId('sidebar');
  const storesMenu = sidebar.getByRole('menuitem', { name: 'Stores' });
  // The landing screen's directory opens by itself; open it only when it has not.
  if ((await storesMenu.getAttribute('aria-expanded')) !== 'true') await storesMenu.click();
  await expect(storesMenu).toHaveAttribute('aria-expanded', 'true');
  const visibleTitles = () =>
    sidebar.getByRole('menuitem').evaluateAll((items) => items.filter((i) => (i as HTMLElement).offsetParent !== null).map((i) => i.textContent?.trim()));
  await expect.poll(visibleTitles).toEqual(['Stores', 'Store management']);
  await screenshot(page, 'people-viewer-sidebar');
  // Nothing else is reachable either: the administration screens are not this person's.
  await page.goto('/#/system/user');
  await expect(list(page)).toHaveCount(0);
});

test('the staff list exports to an .xlsx file holding the listed rows', async ({ page, signIn: signInAs }) => {
  await signInAs(page, 'admin');
  await openScreen(page, '/system/user');
  await search(page, 'Username', 'operator');
  await expect(row(page, 'operator')).toHaveCount(1);
  const listed = (await row(page, 'operator').locator('td').allTextContents()).map((t) => t.trim());
  await screenshot(page, 'people-staff');

  const { filename, rows } = await exportList(page);
  expect(filename).toMatch(/\.xlsx$/);
  expect(rows[0]!.slice(0, 4)).toEqual(['Username', 'Nickname', 'Department', 'Mobile']);
  // The export holds the same filtered rows as the list: the operator, as the table shows it.
  expect(rows).toHaveLength(2);
  const [username, nickname, , mobile] = rows[1]!;
  expect([username, nickname, mobile]).toEqual(['operator', 'Olivia Operator', '13800000001']);
  expect(listed).toEqual(expect.arrayContaining(['operator', 'Olivia Operator', '13800000001']));
});
