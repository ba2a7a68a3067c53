import { test as base, expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), 'artifacts');

/** The seeded accounts (LIGHTDESK_DEMO=1): all share the per-run admin password. */
export type Username = 'admin' | 'operator' | 'agent';
export interface Credentials {
  admin: string;
  operator: string;
  agent: string;
  password: string;
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests with -c e2e/playwright.config.ts so global-setup starts the server`);
  return value;
}

/**
 * Signs in as a person who already did so on this browser: the session comes from the sign-in
 * call and is left where the console keeps it, then the console opens — on its landing screen,
 * or straight on the screen at `at` (a route such as `/system/user`). The sign-in screen itself
 * has tests of its own (shell/sign-in.spec.ts); going through it in every test only cost time.
 */
export async function signIn(page: Page, username: string, password = required('E2E_PASSWORD'), at?: string) {
  const answer = await page.request.post('/api/system/auth/login', { data: { username, password } });
  const envelope = (await answer.json()) as { code: number; egMsg: string; data: Record<string, unknown> };
  if (envelope.code !== 200) throw new Error(`sign-in of ${username} failed: ${envelope.egMsg}`);
  const { accessToken, expiresAt, userId, tenantId, tenantCode, tenantType } = envelope.data;
  // Where the console keeps a sign-in without "Remember me": a cookie of the browser's session,
  // shared by its tabs (apps/web/src/lib/storage.ts). A later sign-out removes it.
  await page.context().addCookies([
    {
      name: 'lightdesk.token',
      value: encodeURIComponent(JSON.stringify({ accessToken, expiresAt, userId, tenantId, tenantCode, tenantType })),
      url: required('E2E_BASE_URL'),
      sameSite: 'Strict',
    },
  ]);
  await page.addInitScript(() => localStorage.setItem('lightdesk.remember', 'false'));
  // A new document, so the console starts signed in: from a console page, a change of the address's hash alone would not load one.
  if (page.url() !== 'about:blank') await page.goto('about:blank');
  await page.goto(at ? `/#${at}` : '/#/');
  await expect(page.getByTestId('app-layout')).toBeVisible();
  if (at) await expectScreen(page, at);
}

/** What the console keeps of the signed-in session in this browser (cookie or local storage), as it reads it. */
export const storedSession = (page: Page) =>
  page.evaluate(() => {
    const cookie = document.cookie.split('; ').find((c) => c.startsWith('lightdesk.token='));
    const text = cookie ? decodeURIComponent(cookie.slice('lightdesk.token='.length)) : localStorage.getItem('lightdesk.token');
    return text ? (JSON.parse(text) as { accessToken: string }) : null;
  });

/** The screen on show. Screens opened earlier stay mounted but hidden (keepAlive) with the same test ids. */
export const shownScreen = (page: Page) => page.locator('.page').filter({ visible: true });

/** Waits until the screen at this route is shown, and is the only one (for a moment after a switch two are). */
export async function expectScreen(page: Page, path: string) {
  await expect(page.locator(`.page[data-path="${path}"]`)).toBeVisible();
  await expect(shownScreen(page)).toHaveCount(1);
}

/** Saves a full-page screenshot as e2e/artifacts/<name>.png for people to look at (not on CI, where nobody does). */
export async function screenshot(page: Page, name: string) {
  if (process.env.CI) return;
  mkdirSync(artifacts, { recursive: true });
  const file = path.join(artifacts, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

export const test = base.extend<{ credentials: Credentials; signIn: (page: Page, username: Username, at?: string) => Promise<void> }>({
  // The server's address is known only after global setup picked a port.
  baseURL: async ({}, use) => use(required('E2E_BASE_URL')),
  credentials: async ({}, use) => use({ admin: 'admin', operator: 'operator', agent: 'agent', password: required('E2E_PASSWORD') }),
  signIn: async ({ credentials }, use) => use((page, username, at) => signIn(page, username, credentials.password, at)),
  // The server's Content-Security-Policy must let every screen load all it needs: a refused
  // script, style, image or video fails the test that showed it.
  page: async ({ page }, use) => {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await use(page);
    expect(refused, 'Content-Security-Policy violations').toEqual([]);
  },
});

export { expect };
