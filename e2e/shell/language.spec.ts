import { expect, screenshot, test } from '../fixtures';
import { sidebarItem } from './english';

test('the default brand opens in Chinese; switching language changes the console at once and is remembered', async ({ page, signIn }) => {
  await page.goto('/#/login');
  await expect(page.getByRole('heading', { name: '欢迎回来' })).toBeVisible();
  await signIn(page, 'admin');
  await expect(sidebarItem(page, '门店')).toBeVisible();

  await page.getByTestId('lang-menu').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(sidebarItem(page, 'Stores')).toBeVisible();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');

  await page.reload();
  await expect(sidebarItem(page, 'Stores')).toBeVisible();
  await screenshot(page, 'shell-english');
});

test('the sign-in screen offers only the brand’s languages', async ({ page }) => {
  await page.goto('/?brand=nordlicht#/login');
  const languages = page.getByTestId('login-languages').getByRole('button');
  await expect(languages).toHaveText(['English (UK)', 'Deutsch', 'Français', 'Nederlands']);
  await languages.filter({ hasText: 'Deutsch' }).click();
  await expect(page.getByTestId('login-submit')).toHaveText('Anmelden');
  await languages.filter({ hasText: 'Français' }).click();
  await expect(page.getByTestId('login-submit')).toHaveText('Se connecter');
});
