import { signOut } from '../admin/console';
import { expect, screenshot, storedSession, test } from '../fixtures';
import { inEnglish, sidebarItem } from './english';

test.beforeEach(({ page }) => inEnglish(page));

test('a deep link while signed out goes to sign-in, then lands on that page', async ({ page, credentials }) => {
  await page.goto('/#/statistics/store-popularity?kind=month');
  await expect(page).toHaveURL(/#\/login\?redirect=%2Fstatistics%2Fstore-popularity%3Fkind%3Dmonth$/);
  await page.getByTestId('login-username').fill(credentials.admin);
  await page.getByTestId('login-password').fill(credentials.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('app-layout')).toBeVisible();
  await expect(page).toHaveURL(/#\/statistics\/store-popularity\?kind=month$/);
  // Kept-alive pages stay in the page, hidden: look at the visible one. The month the link asked for is shown.
  const shown = page.getByTestId('store-popularity').filter({ visible: true });
  await expect(shown.getByRole('radio', { name: 'Month' })).toBeChecked();
});

test('signing in lands on the first screen of the menu that is built, never on a placeholder', async ({ page, credentials }) => {
  await page.goto('/#/login');
  await page.getByTestId('login-username').fill(credentials.admin);
  await page.getByTestId('login-password').fill(credentials.password);
  await page.getByTestId('login-submit').click();
  // Today overview comes first in the menu: the day's figures of the first store.
  await expect(page).toHaveURL(/#\/today\/index$/);
  await expect(page.getByTestId('today')).toBeVisible();
  await expect(page.getByTestId('not-built-page')).toHaveCount(0);
});

test('a reload on a console page lands on the same page, never the 404', async ({ page, signIn }) => {
  await signIn(page, 'admin');
  await page.goto('/#/system/log/login-log');
  await expect(page.getByTestId('list-page').filter({ visible: true })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('app-layout')).toBeVisible();
  await expect(page).toHaveURL(/#\/system\/log\/login-log$/);
  await expect(page.getByTestId('list-page').filter({ visible: true })).toBeVisible();
});

test('an unsafe redirect target is not followed', async ({ page, credentials }) => {
  await page.goto('/#/login?redirect=%2F%2Fevil.example%2F');
  await page.getByTestId('login-username').fill(credentials.admin);
  await page.getByTestId('login-password').fill(credentials.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('app-layout')).toBeVisible();
  expect(page.url().startsWith(process.env.E2E_BASE_URL!)).toBe(true);
  await expect(page).toHaveURL(/#\/today\/index$/);
});

test('wrong credentials keep the person on the sign-in screen with the reason', async ({ page }) => {
  await page.goto('/#/login');
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill('not-the-password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('Wrong username or password')).toBeVisible();
  await expect(page).toHaveURL(/#\/login$/);
});

test('remember me pre-fills the username next time; the password is never stored', async ({ page, credentials }) => {
  await page.goto('/#/login');
  await page.getByTestId('login-username').fill(credentials.operator);
  await page.getByTestId('login-password').fill(credentials.password);
  await page.getByTestId('login-remember').check();
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('app-layout')).toBeVisible();
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie);
  expect(stored).not.toContain(credentials.password);
  expect(stored).toContain('accessToken');
  await signOut(page);
  await expect(page).toHaveURL(/#\/login$/);
  await expect(page.getByTestId('login-username')).toHaveValue(credentials.operator);
});

test('the menu differs between the administrator and a store operator', async ({ page, signIn }) => {
  await signIn(page, 'admin');
  await expect(sidebarItem(page, 'Firmware')).toBeVisible();
  await expect(sidebarItem(page, 'Administration')).toBeVisible();
  await screenshot(page, 'shell-admin-desktop');

  await signOut(page);

  await signIn(page, 'operator');
  await expect(sidebarItem(page, 'Stores')).toBeVisible();
  await expect(sidebarItem(page, 'Devices')).toBeVisible();
  await expect(sidebarItem(page, 'Firmware')).toHaveCount(0);
  await expect(sidebarItem(page, 'Administration')).toHaveCount(0);
  // The operator lands on their first screen.
  await expect(page).toHaveURL(/#\/store\/mesh$/);
  await screenshot(page, 'shell-operator-desktop');
});

test('sign out ends the session: console pages need signing in again', async ({ page, signIn }) => {
  await signIn(page, 'admin');
  await signOut(page);
  await expect(page).toHaveURL(/#\/login$/);
  expect(await storedSession(page)).toBeNull();
  await page.goto('/#/store/mesh');
  await expect(page).toHaveURL(/#\/login\?redirect=%2Fstore%2Fmesh$/);
});

test('without remember me, one browser is one session: a new tab is signed in, and a sign-out in one tab ends it in the others', async ({
  page,
  context,
  credentials,
}) => {
  await page.goto('/#/login');
  await page.getByTestId('login-username').fill(credentials.admin);
  await page.getByTestId('login-password').fill(credentials.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('app-layout')).toBeVisible();
  // Nothing that outlives the browser: the session is not in local storage.
  expect(await page.evaluate(() => localStorage.getItem('lightdesk.token'))).toBeNull();

  const second = await context.newPage();
  await inEnglish(second);
  await second.goto('/#/system/log/login-log');
  await expect(second.getByTestId('app-layout')).toBeVisible();
  await expect(second).toHaveURL(/#\/system\/log\/login-log$/);

  await signOut(page);
  await second.goto('/#/system/user');
  await expect(second).toHaveURL(/#\/login\?redirect=%2Fsystem%2Fuser$/);
  expect(await storedSession(second)).toBeNull();
});
