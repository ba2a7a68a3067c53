import { expectNoSeriousA11yViolations } from '../axe';
import { expect, screenshot, signIn, test } from '../fixtures';
import { inEnglish } from './english';

test.beforeEach(({ page }) => inEnglish(page));

test('my profile: I change my display name and the navbar shows it; I see where I am signed in and sign another device out', async ({
  page,
  browser,
  baseURL,
  credentials,
}) => {
  // Another device of mine, signed in first.
  const laptop = await browser.newContext({ baseURL });
  const laptopPage = await laptop.newPage();
  await inEnglish(laptopPage);
  await signIn(laptopPage, 'admin', credentials.password);

  await signIn(page, 'admin', credentials.password);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'My profile' }).click();
  await expect(page).toHaveURL(/#\/profile$/);
  const details = page.getByTestId('profile-details');
  await expect(details).toContainText('admin');
  await expect(details).toContainText('Administrator');

  // My own details, in a dialog under the staff form's rules.
  await page.getByTestId('profile-edit').click();
  const dialog = page.getByRole('dialog', { name: 'Edit my details' });
  await dialog.getByLabel('Display name').fill('Ada Admin');
  await dialog.getByLabel('Mobile').fill('not a number');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please enter a valid mobile number')).toBeVisible();
  await dialog.getByLabel('Mobile').fill('');
  await expectNoSeriousA11yViolations(page, 'profile-edit');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('user-menu')).toContainText('Ada Admin');
  await expect(details).toContainText('Ada Admin');

  // My sessions: this one marked, the laptop's offered for sign-out.
  const sessions = page.getByTestId('my-sessions');
  await expect(sessions.getByTestId('my-session-current')).toHaveCount(1);
  const rows = sessions.locator('tbody tr.ant-table-row');
  const before = await rows.count();
  expect(before).toBeGreaterThanOrEqual(2);
  await expectNoSeriousA11yViolations(page, 'profile');
  await screenshot(page, 'profile-page');

  // Sorted by last activity: the laptop, signed in just before this visit, comes right after it.
  await sessions.getByTestId('my-session-end').first().click();
  const confirm = page.getByRole('dialog', { name: 'Sign out this session?' });
  await confirm.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('Session ended')).toBeVisible();
  await expect(rows).toHaveCount(before - 1);
  await laptopPage.reload();
  await expect(laptopPage).toHaveURL(/#\/login/);
  await laptop.close();

  // Put the name back for the other journeys.
  await page.getByTestId('profile-edit').click();
  await dialog.getByLabel('Display name').fill('Administrator');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('user-menu')).toContainText('Administrator');
});
