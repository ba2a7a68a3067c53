import type { LoginResult } from '@lightdesk/contract';
import { beforeEach, expect, test } from 'vitest';
import { clearAuth, getToken, readAuth, rememberedUsername, saveAuth } from './auth-token';

const result = {
  accessToken: 'token-1',
  expiresAt: '2026-12-01T00:00:00Z',
  userId: 1,
  tenantId: 2,
  tenantCode: 'northwind',
  tenantType: 'agent',
} as LoginResult;

beforeEach(() => {
  clearAuth();
  localStorage.clear();
});

test('without remember me the session is a cookie of the browser session, which every tab reads and closing the browser ends', () => {
  saveAuth(result, { remember: false, username: 'ops' });
  expect(document.cookie).toContain('lightdesk.token=');
  // No expiry: the browser drops it when it closes.
  expect(localStorage.getItem('lightdesk.token')).toBeNull();
  expect(readAuth()).toEqual({
    accessToken: 'token-1',
    expiresAt: '2026-12-01T00:00:00Z',
    userId: 1,
    tenantId: 2,
    tenantCode: 'northwind',
    tenantType: 'agent',
  });
  expect(rememberedUsername()).toBeUndefined();
});

test('remember me keeps the session and the username in local storage; signing out forgets both places', () => {
  saveAuth(result, { remember: true, username: 'ops' });
  expect(document.cookie).not.toContain('lightdesk.token=');
  expect(getToken()).toBe('token-1');
  expect(rememberedUsername()).toBe('ops');
  clearAuth();
  expect(getToken()).toBeUndefined();
});

test('a cookie that is not the console’s JSON reads as no session', () => {
  document.cookie = 'lightdesk.token=%7Bbroken; Path=/';
  expect(readAuth()).toBeUndefined();
});
