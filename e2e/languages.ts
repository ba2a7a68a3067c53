import type { Page } from '@playwright/test';
import { expect, screenshot, signIn, test, type Credentials } from './fixtures';
import { list, openDialog, openScreen } from './admin/console';

/** Each language with a brand that offers it (the default brand offers zh-CN and en-US). */
const LANGUAGES = [
  ['zh-CN', 'lightdesk'],
  ['en-US', 'lightdesk'],
  ['en-GB', 'nordlicht'],
  ['de-DE', 'nordlicht'],
  ['fr-FR', 'nordlicht'],
  ['nl-NL', 'nordlicht'],
] as const;

/**
 * Signs the administrator in with the console in `language` under `brand`. Answers the keys the
 * console reports missing from that language's locale (lib/i18n), as they come: such a key would
 * show raw.
 */
export async function signInReading(page: Page, credentials: Credentials, language: string, brand: string): Promise<string[]> {
  const missing: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('Missing translation')) missing.push(message.text());
  });
  await page.addInitScript((lang) => localStorage.setItem('lightdesk.language', JSON.stringify(lang)), language);
  await page.goto(`/?brand=${brand}#/login`);
  await signIn(page, credentials.admin, credentials.password);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  return missing;
}

/**
 * One test per language: the admin opens each screen (and its create form, where it has one)
 * and no string is left untranslated. `shot` names the screen photographed in each language.
 */
export function screensReadInEveryLanguage(area: string, screens: readonly string[], shot?: { path: string; name: string }) {
  for (const [language, brand] of LANGUAGES) {
    test(`every ${area} screen and form reads in ${language}, with no key left untranslated`, async ({ page, credentials }) => {
      test.setTimeout(180_000);
      const missing = await signInReading(page, credentials, language, brand);

      for (const path of screens) {
        await openScreen(page, path);
        const shown = page.locator(`.page[data-path="${path}"]`);
        await expect(shown.locator('.ant-table-row, .ant-empty, form, .ant-tree').first()).toBeVisible();
        await expect(shown.locator('.ant-spin-spinning')).toHaveCount(0);
        if (path === shot?.path) await screenshot(page, `${shot.name}-${language}`);
        // The create form's strings too, where the screen has one.
        const create = list(page).getByTestId('list-create');
        if ((await create.count()) > 0) {
          await create.click();
          const dialog = openDialog(page);
          await expect(dialog).toBeVisible();
          await expect(dialog.locator('.ant-spin-spinning')).toHaveCount(0);
          if (path === shot?.path) await screenshot(page, `${shot.name}-form-${language}`);
          await dialog.locator('.ant-modal-footer .ant-btn').first().click();
          await expect(dialog).toHaveCount(0);
        }
      }
      expect(missing).toEqual([]);
    });
  }
}
