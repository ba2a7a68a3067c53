import { expect, screenshot, test } from '../fixtures';

const brands = [
  { key: 'lightdesk', name: 'Lightdesk', submit: '登录', video: false },
  { key: 'lumen', name: 'Lumen Retail', submit: 'Sign in', video: true },
  { key: 'aurora', name: 'Aurora Lighting', submit: 'Sign in', video: true },
  { key: 'nordlicht', name: 'Nordlicht', submit: 'Sign in', video: false },
];

for (const brand of brands) {
  test(`the ${brand.name} sign-in screen`, async ({ page }) => {
    // The browser tests ask for reduced motion; a person who does not sees the brand's video.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto(`/?brand=${brand.key}#/login`);
    await expect(page.getByTestId('brand-name')).toHaveText(brand.name);
    await expect(page.getByTestId('login-submit')).toHaveText(brand.submit);
    await expect(page.locator('.brand-backdrop video')).toHaveCount(brand.video ? 1 : 0);
    await expect(page).toHaveTitle(new RegExp(brand.name));
    // The choice is remembered for the next visit without the parameter.
    await page.goto('/#/login');
    await expect(page.getByTestId('brand-name')).toHaveText(brand.name);
    await screenshot(page, `login-${brand.key}`);
  });
}

test('for people who prefer less motion, a video brand shows its still picture instead', async ({ page }) => {
  await page.goto('/?brand=lumen#/login');
  await expect(page.getByTestId('brand-name')).toHaveText('Lumen Retail');
  await expect(page.locator('.brand-backdrop video')).toHaveCount(0);
  await expect(page.locator('.brand-backdrop img')).toHaveAttribute('src', /.+/);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await expect(page.locator('.brand-backdrop video')).toHaveCount(1);
});

test('the alternative sign-in layout puts the SMS code first', async ({ page }) => {
  await page.goto('/?brand=aurora#/login2');
  await expect(page.getByTestId('login-tab-sms')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('sms-mobile')).toBeVisible();
  await screenshot(page, 'login2-aurora');
});

test('the sign-in screen on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/?brand=lumen#/login');
  await expect(page.getByTestId('login-username')).toBeVisible();
  await screenshot(page, 'login-lumen-mobile');
});
