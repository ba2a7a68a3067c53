import type { Locator, Page } from '@playwright/test';

/** Starts the page in en-US (the default brand opens in zh-CN) so assertions read plainly. */
export async function inEnglish(page: Page) {
  await page.addInitScript(() => {
    if (!localStorage.getItem('lightdesk.language')) localStorage.setItem('lightdesk.language', JSON.stringify('en-US'));
  });
}

/** A menu entry by its visible title (its icon's label is not part of the title). */
export const menuItem = (scope: Page | Locator, title: string) => scope.getByRole('menuitem').filter({ hasText: new RegExp(`^${title}$`) });

/** The sidebar's entry with this title. */
export const sidebarItem = (page: Page, title: string) => menuItem(page.getByTestId('sidebar'), title);
