import { expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config';

test('defaults follow DESIGN §2', () => {
  const c = loadConfig({});
  expect(c).toMatchObject({ port: 8080, host: '127.0.0.1', captcha: true, demo: false, databaseUrl: undefined });
  expect(c.dataDir.endsWith('/data')).toBe(true);
});

test('every bad value is named, all at once', () => {
  try {
    loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LIGHTDESK_CAPTCHA: 'maybe', LIGHTDESK_ADMIN_PASSWORD: 'short' });
    expect.unreachable();
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    const text = (e as ConfigError).message;
    for (const name of ['PORT', 'DATABASE_URL', 'LIGHTDESK_CAPTCHA', 'LIGHTDESK_ADMIN_PASSWORD']) expect(text).toContain(name);
  }
});

test('captcha can be switched off for automated tests only by an explicit value', () => {
  expect(loadConfig({ LIGHTDESK_CAPTCHA: 'off' }).captcha).toBe(false);
  expect(loadConfig({ LIGHTDESK_DEMO: '1' }).demo).toBe(true);
});
