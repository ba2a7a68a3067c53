import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../axe';
import { openDialog, row, toast } from '../admin/console';
import { expect, expectScreen, screenshot, shownScreen, test } from '../fixtures';
import { inEnglish, sidebarItem } from '../shell/english';

test.beforeEach(({ page }) => inEnglish(page));

/** Sets my e-mail address through my profile, as a person does: reports go only there. */
async function setMyEmail(page: Page, email: string) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'My profile' }).click();
  await expectScreen(page, '/profile');
  await page.getByTestId('profile-edit').click();
  const dialog = page.getByRole('dialog', { name: 'Edit my details' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test('report subscriptions: I subscribe to a weekly report of one store, send myself a sample of it, and end it', async ({ page, signIn }) => {
  await signIn(page, 'admin');
  await setMyEmail(page, 'admin@example.com');

  // From the menu: Statistics › Report subscriptions.
  if (!(await sidebarItem(page, 'Report subscriptions').isVisible())) await sidebarItem(page, 'Statistics').click();
  await sidebarItem(page, 'Report subscriptions').click();
  await expectScreen(page, '/statistics/subscription');
  const screen = shownScreen(page);
  await expect(screen.getByText('sent to the email address in your profile')).toBeVisible();

  await screen.getByTestId('list-create').click();
  const form = page.getByRole('dialog', { name: 'New report subscription' });
  await expect(form.getByTestId('subscription-email')).toHaveText('admin@example.com');
  await expect(form).toContainText("A report arrives at 07:00 in the store's time zone the morning after the period closes");
  await form.getByText('Weekly', { exact: true }).click();
  // The mail's language starts as the console's.
  await expect(form).toContainText('English');
  await form.getByTestId('stores-picker').click();
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
  const store = (await option.getAttribute('title'))!.replace(/ \([^)]*\)$/, '');
  await option.click();
  await screenshot(page, 'analytics-subscription-form');
  await expectNoSeriousA11yViolations(page, 'analytics-subscription-form');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();

  const subscription = row(page, store);
  await expect(subscription).toHaveCount(1);
  await expect(subscription).toContainText('Weekly');
  await expect(subscription).toContainText('One store');
  await expect(subscription).toContainText('admin@example.com');
  await expect(subscription).toContainText('Not yet');
  await expect(subscription.getByTestId('subscription-enabled')).toBeChecked();
  await screenshot(page, 'analytics-subscriptions');
  await expectNoSeriousA11yViolations(page, 'analytics-subscriptions');

  // Without SMTP_URL the server keeps the mail in its outbox; the screen says where it went.
  await subscription.getByTestId('subscription-sample').click();
  await expect(toast(page, /^A sample report for .+ was sent to admin@example\.com$/)).toBeVisible();

  await subscription.getByTestId('row-delete').click();
  const confirm = openDialog(page);
  await expect(confirm).toContainText(`Weekly report: ${store}`);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(subscription).toHaveCount(0);

  // The address back as seeded, for the other journeys.
  await setMyEmail(page, '');
});
