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

/** Signs in through the login screen as a person would, and waits for the console. */
export async function signIn(page: Page, username: string, password = required('E2E_PASSWORD')) {
  await page.goto('/#/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('app-layout')).toBeVisible();
}

/** Saves a full-page screenshot as e2e/artifacts/<name>.png for people to look at. */
export async function screenshot(page: Page, name: string) {
  mkdirSync(artifacts, { recursive: true });
  const file = path.join(artifacts, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

export const test = base.extend<{ credentials: Credentials; signIn: (page: Page, username: Username) => Promise<void> }>({
  // The server's address is known only after global setup picked a port.
  baseURL: async ({}, use) => use(required('E2E_BASE_URL')),
  credentials: async ({}, use) => use({ admin: 'admin', operator: 'operator', agent: 'agent', password: required('E2E_PASSWORD') }),
  signIn: async ({ credentials }, use) => use((page, username) => signIn(page, username, credentials.password)),
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
