import { list, openDialog } from './admin/console';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, screenshot, test } from './fixtures';
import { inEnglish } from './shell/english';

// WCAG 2.1 AA with axe-core: each test opens a screen or state a person sees and fails on any
// serious or critical violation. A new screen joins by adding a test here (see README.md).

// axe-core walks every element of the page and computes its colours: on a busy machine one check
// takes several seconds on top of signing in and opening the screen.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(({ page }) => inEnglish(page));

// Each brand has its own colours; /login2 puts the SMS form first.
for (const brand of ['lightdesk', 'lumen', 'aurora', 'nordlicht']) {
  for (const [screen, submit] of [
    ['login', 'login-submit'],
    ['login2', 'sms-submit'],
  ] as const) {
    test(`sign-in screen /${screen} of the ${brand} brand`, async ({ page }) => {
      await page.goto(`/?brand=${brand}#/${screen}`);
      await expect(page.getByTestId(submit)).toBeVisible();
      await expectNoSeriousA11yViolations(page, `${screen}-${brand}`);
      if (brand === 'lightdesk') await screenshot(page, `a11y-${screen}`);
    });
  }
}

test('a dialog of the sign-in screen: change password', async ({ page }) => {
  await page.goto('/#/login');
  await page.getByTestId('open-change-password').click();
  await expect(openDialog(page)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'login-change-password');
});

test('the console after sign-in, on the screen it lands on', async ({ page, signIn }) => {
  await signIn(page, 'admin');
  await expect(page.locator('.ld-chart[data-state="ready"]').first()).toBeVisible();
  await expect(page.getByTestId('today-device-info').locator('.ant-table-row').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'shell');
  await screenshot(page, 'a11y-shell');
});

test('the workbench home', async ({ page, signIn }) => {
  await signIn(page, 'admin', '/home');
  await expectNoSeriousA11yViolations(page, 'workbench-home');
});

test('a list: staff', async ({ page, signIn }) => {
  await signIn(page, 'admin', '/system/user');
  await expect(list(page).locator('.ant-table-row').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'staff-list');
});

test('a form dialog open on a list: add post', async ({ page, signIn }) => {
  await signIn(page, 'admin', '/system/post');
  await list(page).getByTestId('list-create').click();
  await expect(openDialog(page)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'post-create-dialog');
});

test('the settings drawer', async ({ page, signIn }) => {
  await signIn(page, 'admin');
  await page.getByTestId('settings-button').click();
  await expect(page.getByTestId('settings-drawer')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'settings-drawer');
  await screenshot(page, 'a11y-settings-drawer');
});

test('the jobs screen and a job’s history', async ({ page, signIn }) => {
  await signIn(page, 'admin', '/system/job');
  await expect(list(page).locator('.ant-table-row').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'jobs');
  await list(page).getByTestId('job-history-open').first().click();
  await expect(page.getByTestId('job-history')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'job-history');
});

// The account dialogs of the user menu.
for (const item of ['Profile picture', 'Account cancellation']) {
  test(`the ${item.toLowerCase()} dialog`, async ({ page, signIn }) => {
    await signIn(page, 'admin');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: item }).click();
    await expect(openDialog(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page, item);
  });
}
