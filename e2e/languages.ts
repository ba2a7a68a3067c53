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
type Language = (typeof LANGUAGES)[number][0];

/**
 * Signs the administrator in with the console in `language` under `brand`, on the screen at `at`
 * or the landing one. Answers the keys the console reports missing from that language's locale
 * (lib/i18n), as they come: such a key would show raw.
 */
export async function signInReading(page: Page, credentials: Credentials, language: string, brand: string, at?: string): Promise<string[]> {
  const missing: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('Missing translation')) missing.push(message.text());
  });
  await page.addInitScript(
    ([lang, chosen]) => {
      localStorage.setItem('lightdesk.language', JSON.stringify(lang));
      localStorage.setItem('lightdesk.brand', JSON.stringify(chosen));
    },
    [language, brand] as const,
  );
  await signIn(page, credentials.admin, credentials.password, at);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  return missing;
}

/**
 * The screen at `path` with its list or tree loaded, and its create form opened and closed where it
 * has one; both photographed as `<name>-<language>` and `<name>-form-<language>` when `shot` says.
 */
async function readScreen(page: Page, path: string, shot?: { name: string; language: string }) {
  const shown = page.locator(`.page[data-path="${path}"]`);
  await expect(shown.locator('.ant-table-row, .ant-empty, form, .ant-tree').first()).toBeVisible();
  await expect(shown.locator('.ant-spin-spinning')).toHaveCount(0);
  if (shot) await screenshot(page, `${shot.name}-${shot.language}`);
  const create = list(page).getByTestId('list-create');
  if ((await create.count()) > 0) {
    await create.click();
    const dialog = openDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('.ant-spin-spinning')).toHaveCount(0);
    if (shot) await screenshot(page, `${shot.name}-form-${shot.language}`);
    await dialog.locator('.ant-modal-footer .ant-btn').first().click();
    await expect(dialog).toHaveCount(0);
  }
}

/**
 * No string of an area's screens is left untranslated, in any language. Every language holds the
 * same keys (locales/locales.test.ts) and the code asks only for keys that exist
 * (locales/keys-used.test.ts); what those static checks cannot see are keys built while the
 * console runs, and such a key is missing from every language or from none. So one language reads
 * every screen and form of the area (each area in a different language), and each of the others
 * reads the screen `shot` names, photographed for people to look at.
 */
export function screensReadInEveryLanguage(area: string, screens: readonly string[], shot: { path: string; name: string }, whole: Language) {
  const brandOf = (language: Language) => LANGUAGES.find(([lang]) => lang === language)![1];

  test(`every ${area} screen and form reads in ${whole}, with no key left untranslated`, async ({ page, credentials }) => {
    test.setTimeout(120_000);
    const missing = await signInReading(page, credentials, whole, brandOf(whole), screens[0]);
    for (const [i, path] of screens.entries()) {
      if (i > 0) await openScreen(page, path);
      await readScreen(page, path, path === shot.path ? { name: shot.name, language: whole } : undefined);
    }
    expect(missing).toEqual([]);
  });

  for (const [language, brand] of LANGUAGES.filter(([lang]) => lang !== whole)) {
    test(`the ${area} screen ${shot.path} and its form read in ${language}`, async ({ page, credentials }) => {
      const missing = await signInReading(page, credentials, language, brand, shot.path);
      await readScreen(page, shot.path, { name: shot.name, language });
      expect(missing).toEqual([]);
    });
  }
}
