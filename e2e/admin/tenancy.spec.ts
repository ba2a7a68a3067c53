import type { Browser, Locator } from '@playwright/test';
import { expect, screenshot, signIn, storedSession, test } from '../fixtures';
import { inEnglish, menuItem, sidebarItem } from '../shell/english';
import { choose, exportList, list, openDialog, openScreen, row, signOut } from './console';

test.beforeEach(({ page }) => inEnglish(page));

/** One run's names, so the journey can be repeated against the same database. */
const run = Date.now().toString(36);
const pkg = `Store basics ${run}`;
const agent = { code: `acme-${run}`, name: `Acme Lighting ${run}`, admin: `acme-${run}`, password: `Acme-${run}-pass` };

/**
 * Checks a tree entry under a directory. antd draws the tree as one flat list and a name may
 * recur elsewhere (the hidden workbench shortcuts), so only that directory is left open.
 */
async function checkMenu(dialog: Locator, directory: string, entry: string) {
  const node = (title: string) => dialog.locator('.ant-tree-treenode').filter({ has: dialog.page().getByText(title, { exact: true }) });
  await dialog.getByRole('button', { name: 'Collapse all' }).click();
  // Rows slide while the tree folds: click only once they stand still.
  await expect(dialog.locator('.ant-tree-switcher_open')).toHaveCount(0);
  await expect(dialog.locator('.ant-tree-treenode-motion')).toHaveCount(0);
  await node(directory).locator('.ant-tree-switcher').click();
  await expect(node(entry)).toHaveCount(1);
  await node(entry).locator('.ant-tree-checkbox').click();
}

test('an agent sees only its package; a disabled agent cannot sign in; the login log tells it', async ({ page, credentials }) => {
  test.setTimeout(180_000);
  await signIn(page, credentials.admin, credentials.password);

  // A package of two screens.
  await openScreen(page, '/system/tenant-package');
  await list(page).getByTestId('list-create').click();
  const packageForm = openDialog(page);
  await packageForm.getByTestId('package-name').fill(pkg);
  await checkMenu(packageForm, 'Stores', 'Store management');
  await checkMenu(packageForm, 'Devices', 'Luminaires');
  await expect(packageForm.getByTestId('menu-check-count')).not.toHaveText('0 selected');
  await screenshot(page, 'admin-tenant-package-form');
  await packageForm.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(packageForm).toBeHidden();
  await expect(row(page, pkg)).toBeVisible();
  await screenshot(page, 'admin-tenant-package');

  // An agent on that package, with its first administrator.
  await openScreen(page, '/system/tenant');
  await list(page).getByTestId('list-create').click();
  const agentForm = openDialog(page);
  await agentForm.getByTestId('tenant-code').fill(agent.code);
  await agentForm.getByTestId('tenant-name').fill(agent.name);
  await agentForm.getByTestId('tenant-contact-name').fill('Ada Acme');
  await agentForm.getByTestId('tenant-contact-mobile').fill('13900000042');
  await choose(page, agentForm.getByTestId('tenant-package'), pkg, pkg);
  await agentForm.getByTestId('tenant-quota').fill('5');
  await agentForm.getByTestId('tenant-admin-username').fill(agent.admin);
  await agentForm.getByTestId('tenant-admin-password').fill(agent.password);
  await agentForm.getByTestId('tenant-admin-confirm').fill(agent.password);
  await screenshot(page, 'admin-tenant-form');
  await agentForm.locator('.ant-modal-footer .ant-btn-primary').click();
  await expect(agentForm).toBeHidden();
  await expect(row(page, agent.name)).toContainText(pkg);
  await expect(row(page, agent.name)).toContainText('1 / 5');
  await screenshot(page, 'admin-tenant');
  await signOut(page);

  // The agent's administrator sees the package's menus and nothing else.
  await signIn(page, agent.admin, agent.password);
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebarItem(page, 'Store management').or(menuItem(sidebar, 'Stores'))).not.toHaveCount(0);
  for (const directory of ['Stores', 'Devices']) {
    const title = menuItem(sidebar, directory);
    if ((await title.count()) > 0 && (await title.getAttribute('aria-expanded')) === 'false') await title.click();
  }
  const titles = await sidebar.getByRole('menuitem').evaluateAll((items) => items.map((i) => i.textContent?.trim()));
  expect(titles.filter(Boolean).sort()).toEqual(['Devices', 'Luminaires', 'Store management', 'Stores']);
  await signOut(page);

  // Disabled: the agent's staff are kept out.
  await signIn(page, credentials.admin, credentials.password, '/system/tenant');
  await row(page, agent.name).getByTestId('tenant-status').click();
  await openDialog(page).getByRole('button', { name: 'Confirm' }).click();
  await expect(row(page, agent.name).getByTestId('tenant-status')).not.toBeChecked();
  await signOut(page);
  await page.getByTestId('login-username').fill(agent.admin);
  await page.getByTestId('login-password').fill(agent.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('Your agent account is disabled or has expired')).toBeVisible();
  await expect(page).toHaveURL(/#\/login/);

  // The login log holds the sign-in, the sign-out and the refused attempt.
  await signIn(page, credentials.admin, credentials.password, '/system/log/login-log');
  await choose(page, list(page).getByTestId('log-agent-filter'), `${agent.name} (${agent.code})`, agent.name);
  await list(page)
    .getByTestId('list-search')
    .getByRole('button', { name: /Search/ })
    .click();
  const attempts = row(page, agent.admin);
  await expect(attempts).toHaveCount(3);
  await expect(attempts.nth(0)).toContainText('Agent disabled');
  await expect(attempts.nth(1)).toContainText('Sign-out');
  await expect(attempts.nth(2)).toContainText('Password sign-in');
  await expect(attempts.nth(2)).toContainText('Success');
  await screenshot(page, 'admin-login-log');

  // The export holds the same rows.
  const { filename, rows } = await exportList(page);
  expect(filename).toBe('login-log.xlsx');
  expect(rows[0]).toEqual(expect.arrayContaining(['Username', 'Result']));
  const exported = rows.slice(1).filter((r) => r.includes(agent.admin));
  // In the list's words, as the list shows them.
  expect(exported.map((r) => r[rows[0]!.indexOf('Result')])).toEqual(['Agent disabled', 'Success', 'Success']);
  expect(exported.map((r) => r[rows[0]!.indexOf('Type')])).toEqual(['Password sign-in', 'Sign-out', 'Password sign-in']);
});

test('operation and SMS logs: filters, details and masked codes', async ({ page, request, credentials }) => {
  // A sign-in code for the demo operator, so the outbox has a row to show.
  const sms = await request.post('/open/auth/send-sms-code', { data: { mobile: '13800000001' } });
  expect(sms.ok()).toBe(true);

  await signIn(page, credentials.admin, credentials.password);
  // Something to read: the platform tenant refuses to be switched (409), and the log records it.
  const { accessToken } = (await storedSession(page))!;
  const answer = await page.evaluate(async (accessToken) => {
    const res = await fetch('/api/system/tenant/update-status', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ id: 1, status: 0 }),
    });
    return ((await res.json()) as { code: number }).code;
  }, accessToken);
  expect(answer).toBe(409);
  await openScreen(page, '/system/log/operate-log');
  await list(page).getByTestId('list-search').getByRole('textbox').nth(2).fill('update-status');
  await list(page)
    .getByTestId('list-search')
    .getByRole('button', { name: /Search/ })
    .click();
  const refused = list(page).locator('tbody tr.ant-table-row').first();
  await expect(refused).toContainText('/api/system/tenant/update-status');
  await expect(refused).toContainText('409');
  await screenshot(page, 'admin-operate-log');
  await refused.getByTestId('row-detail').click();
  const detail = page.getByTestId('operate-log-detail').filter({ visible: true });
  await expect(detail.getByTestId('operate-log-params')).toContainText('"status": 0');
  await expect(detail).toContainText(/\d+ ms/);
  // Let the drawer finish sliding in before the picture (screenshot only; the checks are above).
  await page.waitForTimeout(500);
  await screenshot(page, 'admin-operate-log-detail');
  await detail.getByRole('button', { name: 'Close' }).click();

  await openScreen(page, '/system/log/sms-log');
  const outbox = row(page, '13800000001').first();
  await expect(outbox).toContainText('Sign-in code');
  await expect(outbox).toContainText('******');
  await expect(outbox).not.toContainText(/code: \d{6}/);
  await screenshot(page, 'admin-sms-log');
});

async function secondVisitor(browser: Browser, username: string, password: string) {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 1280, height: 800 } });
  const other = await context.newPage();
  await inEnglish(other);
  await signIn(other, username, password);
  return { context, other };
}

test('kicking out a session sends its holder to sign in on their next step', async ({ page, browser, credentials }) => {
  const { context, other } = await secondVisitor(browser, credentials.operator, credentials.password);
  try {
    await signIn(page, credentials.admin, credentials.password, '/system/session');
    await expect(row(page, credentials.admin).getByTestId('session-current')).toHaveCount(1);
    await screenshot(page, 'admin-session');

    // Every live session of the operator, the other browser's among them.
    const operatorRows = list(page)
      .locator('tbody tr.ant-table-row')
      .filter({ has: page.getByText(credentials.operator, { exact: true }) });
    await expect(operatorRows).not.toHaveCount(0);
    while ((await operatorRows.count()) > 0) {
      const before = await operatorRows.count();
      await operatorRows.first().getByTestId('session-kick').click();
      await openDialog(page).getByRole('button', { name: 'Kick out' }).click();
      await expect(operatorRows).toHaveCount(before - 1);
    }

    await other.reload();
    await expect(other).toHaveURL(/#\/login/);
    await expect(other.getByTestId('login-username')).toBeVisible();
  } finally {
    await context.close();
  }
});
