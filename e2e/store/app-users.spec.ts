import { expect, screenshot, test } from '../fixtures';
import { expectNoSeriousA11yViolations } from '../axe';
import { inEnglish } from '../shell/english';
import { list, openDialog, openScreen, row, search, toast } from '../admin/console';

test.beforeEach(({ page }) => inEnglish(page));

test('the user centre lists the demo people, refuses to delete one still in a store until their membership is removed, and deletes one without stores', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'admin', '/system/app-user');
  await expect(row(page, '@example.com').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'user-centre');
  await screenshot(page, 'store-user-centre');

  await search(page, 'Email', 'demo.user25@example.com');
  await expect(row(page, '@example.com')).toHaveCount(1);
  // A member of one store, administering none.
  const member = row(page, 'demo.user25@example.com');
  await expect(member.locator('td').nth(3)).toHaveText('1');
  await expect(member.locator('td').nth(4)).toHaveText('0');
  await member.getByTestId('row-delete').click();
  await openDialog(page).getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'The user can be deleted only after association information is deleted')).toBeVisible();
  await expect(member).toBeVisible();

  // Once their membership is gone (Stores › Store users), the same deletion goes through.
  await openScreen(page, '/store/user');
  await search(page, 'Email', 'demo.user25@example.com');
  const membership = row(page, 'demo.user25@example.com');
  await expect(membership).toContainText('Member');
  await membership.getByTestId('row-delete').click();
  await expect(openDialog(page)).toContainText('Remove Hugo Bernard from the store');
  // Confirm until the dialog goes: a click while it still animates in can be lost.
  await expect(async () => {
    if (await openDialog(page).isVisible()) await openDialog(page).getByRole('button', { name: 'Confirm' }).click();
    await expect(membership).toHaveCount(0, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await openScreen(page, '/system/app-user');
  await search(page, 'Email', 'demo.user25@example.com');
  await expect(member.locator('td').nth(3)).toHaveText('0');
  await member.getByTestId('row-delete').click();
  await openDialog(page).getByRole('button', { name: 'Confirm' }).click();
  await expect(member).toHaveCount(0);

  await search(page, 'Email', 'demo.user45@example.com');
  await row(page, 'demo.user45@example.com').getByTestId('row-delete').click();
  await openDialog(page).getByRole('button', { name: 'Confirm' }).click();
  await expect(row(page, 'demo.user45@example.com')).toHaveCount(0);
});

test('disabling an app user says it signs them out, and the list shows them disabled', async ({ page, signIn }) => {
  await signIn(page, 'admin', '/system/app-user');
  await search(page, 'Email', 'demo.user43@example.com');
  const status = row(page, 'demo.user43@example.com').getByRole('switch');
  await expect(status).toBeChecked();
  await status.click();
  const confirm = openDialog(page);
  await expect(confirm).toContainText('signed out of the app on every phone at once');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'App user disabled and signed out of the app')).toBeVisible();
  await expect(status).not.toBeChecked();
  await page.reload();
  await expect(row(page, 'demo.user43@example.com').getByRole('switch')).not.toBeChecked();
});

test('advanced settings: a store limit of their own for one person, beside the platform defaults', async ({ page, signIn }) => {
  await signIn(page, 'admin', '/system/user-advanced');
  await list(page).getByTestId('list-create').click();
  const dialog = page.getByRole('dialog', { name: 'Add settings for an app user' });
  const person = dialog.getByRole('combobox', { name: 'App user' });
  await person.click();
  await person.fill('demo.user10@');
  await page
    .locator('.ant-select-dropdown:visible')
    .getByTitle(/^demo\.user10@example\.com/)
    .click();
  await dialog.getByLabel('Maximum stores').fill('2');
  await expectNoSeriousA11yViolations(page, 'user-advanced-form');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const settings = row(page, 'demo.user10@example.com');
  await expect(settings.locator('td').nth(3)).toHaveText('2');
  await expect(settings.locator('td').nth(4)).toHaveText('Platform default (500)');
  await expect(settings.locator('td').nth(5)).toHaveText('Platform default (On)');
  await expectNoSeriousA11yViolations(page, 'user-advanced');
  await screenshot(page, 'store-user-advanced');
});

test('account cancellations: the demo request, pending, filtered by kind', async ({ page, signIn }) => {
  await signIn(page, 'admin', '/system/cancellation');
  const request = row(page, 'demo.user50@example.com');
  await expect(request).toContainText('App user');
  await expect(request).toContainText('Pending');
  await expectNoSeriousA11yViolations(page, 'cancellations');
  await screenshot(page, 'store-cancellations');

  const kind = list(page).getByTestId('list-search').getByRole('combobox', { name: 'Account' });
  await kind.click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('Staff', { exact: true }).click();
  await list(page)
    .getByTestId('list-search')
    .getByRole('button', { name: /Search/ })
    .click();
  await expect(request).toHaveCount(0);
});
