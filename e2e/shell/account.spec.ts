import { signOut } from '../admin/console';
import { expect, screenshot, test } from '../fixtures';
import { inEnglish, sidebarItem } from './english';

test.beforeEach(({ page }) => inEnglish(page));

test('change password: checked on blur, then the person signs in again with the new one', async ({ page, signIn, credentials }) => {
  await signIn(page, 'agent');
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });

  // Each field is checked when it loses focus.
  await dialog.getByTestId('password-old').focus();
  await dialog.getByTestId('password-new').focus();
  await expect(dialog.getByText('Please enter the Current password')).toBeVisible();
  await dialog.getByTestId('password-new').fill('Brand-new#2026');
  await dialog.getByTestId('password-confirm').fill('Something-else');
  await dialog.getByTestId('password-old').focus();
  await expect(dialog.getByText('Passwords do not match')).toBeVisible();
  await screenshot(page, 'change-password');

  // The backdrop does not close dialogs.
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();

  await dialog.getByTestId('password-old').fill(credentials.password);
  await dialog.getByTestId('password-confirm').fill('Brand-new#2026');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. Please sign in with your new password.')).toBeVisible();
  await expect(page).toHaveURL(/#\/login$/);

  await page.getByTestId('login-username').fill('agent');
  await page.getByTestId('login-password').fill('Brand-new#2026');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('app-layout')).toBeVisible();

  // Put the run's password back from the sign-in screen's own dialog.
  await signOut(page);
  await page.getByTestId('open-change-password').click();
  const publicDialog = page.getByRole('dialog', { name: 'Change password' });
  await publicDialog.getByTestId('password-username').fill('agent');
  await publicDialog.getByTestId('password-old').fill('Brand-new#2026');
  await publicDialog.getByTestId('password-new').fill(credentials.password);
  await publicDialog.getByTestId('password-confirm').fill(credentials.password);
  await publicDialog.getByRole('button', { name: 'Change password' }).click();
  await expect(publicDialog).toBeHidden();
  await signIn(page, 'agent');
});

test('profile: the user menu opens the signed-in person’s own page, with the account dialogs', async ({ page, signIn }) => {
  await signIn(page, 'agent');
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'My profile' }).click();
  await expect(page).toHaveURL(/#\/profile$/);
  const profile = page.getByTestId('profile-page');
  // The username, and the heading too when the account has no display name.
  await expect(profile.getByText('agent', { exact: true }).first()).toBeVisible();
  await expect(profile.getByTestId('my-session-current')).toBeVisible();
  await screenshot(page, 'profile');

  await profile.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await expect(dialog.getByText('Changing the password of agent')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await profile.getByRole('button', { name: 'Change picture' }).click();
  await expect(page.getByRole('dialog', { name: 'Profile picture' })).toBeVisible();
});

test('settings drawer: changes apply at once and are kept after saving', async ({ page, signIn }) => {
  await signIn(page, 'admin');
  await page.getByTestId('settings-button').click();
  const drawer = page.getByTestId('settings-drawer');
  await drawer.getByText('Light', { exact: true }).click();
  await drawer.getByTestId('setting-tagsView').click();
  await expect(page.getByTestId('tags-view')).toHaveCount(0);
  await expect(page.getByTestId('sidebar')).toHaveClass(/sidebar-light/);
  await drawer.getByTestId('setting-topNav').click();
  await expect(page.locator('.top-menu')).toBeVisible();
  await screenshot(page, 'shell-settings');
  await page.getByTestId('settings-save').click();
  await page.reload();
  await expect(page.getByTestId('sidebar')).toHaveClass(/sidebar-light/);
  await expect(page.getByTestId('tags-view')).toHaveCount(0);
  // Reset forgets them and reloads.
  await page.getByTestId('settings-button').click();
  await page.getByTestId('settings-reset').click();
  await expect(page.getByTestId('tags-view')).toBeVisible();
  await expect(page.getByTestId('sidebar')).toHaveClass(/sidebar-dark/);
});

test('the shell on a phone: the sidebar is a drawer, the navbar keeps icons only', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin');
  await expect(page.getByTestId('sidebar')).toBeHidden();
  await expect(page.getByTestId('breadcrumb')).toHaveCount(0);
  await screenshot(page, 'shell-mobile');
  await page.getByTestId('sidebar-toggle').click();
  await expect(page.getByTestId('sidebar')).toBeVisible();
  // Wait for the drawer to finish sliding in before the picture.
  await expect.poll(async () => (await page.getByTestId('sidebar').boundingBox())?.x).toBe(0);
  await screenshot(page, 'shell-mobile-menu');
  // A click while the drawer settles can be lost: open the group until its entry shows.
  await expect(async () => {
    if (!(await sidebarItem(page, 'Store users').isVisible())) await sidebarItem(page, 'Stores').click();
    await expect(sidebarItem(page, 'Store users')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await sidebarItem(page, 'Store users').click();
  await expect(page).toHaveURL(/#\/store\/user$/);
  await expect(page.getByTestId('sidebar')).toBeHidden();
});
