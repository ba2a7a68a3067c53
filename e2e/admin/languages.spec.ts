import { expect, screenshot, signIn, test } from '../fixtures';
import { list, openDialog, openScreen } from './console';

/** Every administration screen of the seeded menu. */
const SCREENS = [
  '/system/user',
  '/system/role',
  '/system/dept',
  '/system/post',
  '/system/tenant',
  '/system/tenant-package',
  '/system/menu',
  '/system/platform-setting',
  '/system/config',
  '/system/dict',
  '/system/area',
  '/system/session',
  '/system/log/login-log',
  '/system/log/operate-log',
  '/system/log/sms-log',
];

/** Each language with a brand that offers it (the default brand offers zh-CN and en-US). */
const LANGUAGES = [
  ['zh-CN', 'lightdesk'],
  ['en-US', 'lightdesk'],
  ['en-GB', 'nordlicht'],
  ['de-DE', 'nordlicht'],
  ['fr-FR', 'nordlicht'],
  ['nl-NL', 'nordlicht'],
] as const;

for (const [language, brand] of LANGUAGES) {
  test(`every administration screen and form reads in ${language}, with no key left untranslated`, async ({ page, credentials }) => {
    test.setTimeout(120_000);
    // The console names any key its locale lacks (lib/i18n); such a key would show raw.
    const missing: string[] = [];
    page.on('console', (message) => {
      if (message.text().startsWith('Missing translation')) missing.push(message.text());
    });
    await page.addInitScript((lang) => localStorage.setItem('lightdesk.language', JSON.stringify(lang)), language);
    await page.goto(`/?brand=${brand}#/login`);
    await signIn(page, credentials.admin, credentials.password);
    await expect(page.locator('html')).toHaveAttribute('lang', language);

    for (const path of SCREENS) {
      await openScreen(page, path);
      const shown = page.locator(`.page[data-path="${path}"]`);
      await expect(shown.locator('.ant-table-row, .ant-empty, form, .ant-tree').first()).toBeVisible();
      await expect(shown.locator('.ant-spin-spinning')).toHaveCount(0);
      if (path === '/system/user') await screenshot(page, `admin-staff-${language}`);
      // The create form's strings too, where the screen has one.
      const create = list(page).getByTestId('list-create');
      if ((await create.count()) > 0) {
        await create.click();
        const dialog = openDialog(page);
        await expect(dialog).toBeVisible();
        await expect(dialog.locator('.ant-spin-spinning')).toHaveCount(0);
        if (path === '/system/user') await screenshot(page, `admin-staff-form-${language}`);
        await dialog.locator('.ant-modal-footer .ant-btn').first().click();
        await expect(dialog).toHaveCount(0);
      }
    }
    expect(missing).toEqual([]);
  });
}
