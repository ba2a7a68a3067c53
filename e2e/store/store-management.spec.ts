import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../axe';
import { expect, screenshot, test } from '../fixtures';
import { inEnglish } from '../shell/english';
import { list, openDialog, row, search } from '../admin/console';

test.beforeEach(({ page }) => inEnglish(page));

/** The store drawer on show. */
const drawer = (page: Page) => page.getByTestId('store-detail').filter({ visible: true });

/** The confirmation asked before an action on a store, answered yes. */
async function confirm(page: Page, question: string, answer: string) {
  const dialog = page.locator('.ant-modal-confirm').filter({ hasText: question });
  await dialog.getByRole('button', { name: answer }).click();
  await expect(dialog).toBeHidden();
}

test('an operator hands a store to its member, and dissolves only an empty group', async ({ page, signIn }) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin', '/store/mesh');
  await expect(row(page, 'Berlin Alexanderplatz')).toBeVisible();
  await expect(list(page).getByTestId('mesh-agent-filter')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'store-management');
  await screenshot(page, 'store-management');

  // Handing a store to an agent starts from where it is now (the platform's).
  await row(page, 'Madrid Gran Vía').getByTestId('row-assign-agent').click();
  const assign = openDialog(page);
  await expect(assign.getByLabel('The platform')).toBeChecked();
  await expectNoSeriousA11yViolations(page, 'store-management-assign');
  await screenshot(page, 'store-management-assign');
  await assign.getByRole('button', { name: 'Cancel' }).click();
  await expect(assign).toHaveCount(0);

  await search(page, 'Admin email', 'demo.user03@example.com');
  await expect(list(page).locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await row(page, 'Berlin Alexanderplatz').getByTestId('row-detail').click();
  const store = drawer(page);
  await expect(store.getByTestId('store-facts')).toContainText('Europe/Berlin');
  await expectNoSeriousA11yViolations(page, 'store-management-detail');
  await screenshot(page, 'store-management-detail');

  // The member becomes admin; the old admin leaves the store.
  await row(store.getByTestId('store-members'), 'demo.user23@example.com').getByTestId('member-transfer').click();
  await confirm(page, 'loses admin rights and leaves the store', 'Transfer');
  const members = store.getByTestId('store-members');
  await expect(row(members, 'demo.user23@example.com')).toContainText('Admin');
  await expect(members).not.toContainText('demo.user03@example.com');
  await store.getByRole('tab', { name: 'History' }).click();
  await expect(store.getByTestId('history-event').first()).toContainText('Admin role transferred from');
  await expect(store.getByTestId('history-event').first()).toContainText('demo.user23@example.com');
  await screenshot(page, 'store-management-history');

  // "Shelves" holds luminaires: the server's rule is shown; "Window" is empty and goes.
  await store.getByRole('tab', { name: /Groups/ }).click();
  const groups = store.getByTestId('store-groups');
  await row(groups, 'Shelves').getByTestId('group-dissolve').click();
  await confirm(page, 'Dissolve the group Shelves?', 'Dissolve');
  await expect(store.getByTestId('store-refusal')).toHaveText('Please delete the members before dissolution!');
  await expect(row(groups, 'Shelves')).toBeVisible();
  await row(groups, 'Window').getByTestId('group-dissolve').click();
  await confirm(page, 'Dissolve the group Window?', 'Dissolve');
  await expect(row(groups, 'Window')).toHaveCount(0);
  await expect(store.getByTestId('store-refusal')).toHaveCount(0);
  await store.getByRole('button', { name: 'Close' }).click();

  // The list says who administers the store now.
  await search(page, 'Admin email', 'demo.user23@example.com');
  await expect(row(page, 'Berlin Alexanderplatz')).toContainText('demo.user23@example.com');
});

test("an agent's staff see only the agent's stores, without an agent filter", async ({ page, signIn }) => {
  await signIn(page, 'agent', '/store/mesh');
  await expect(list(page).locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(6);
  await expect(row(page, 'Amsterdam Kalverstraat')).toBeVisible();
  await expect(row(page, 'London Oxford Street')).toHaveCount(0);
  await expect(list(page).getByTestId('mesh-agent-filter')).toHaveCount(0);
  await expect(list(page).getByTestId('row-assign-agent')).toHaveCount(0);
  await screenshot(page, 'store-management-agent');
});
