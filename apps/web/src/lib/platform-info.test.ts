import { platformSettingApi } from '@lightdesk/contract';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fetchPlatformInfo } from './platform-info';

const server = await vi.hoisted(async () => (await import('../test/fake-server')).fakeServer());
vi.mock('./http/clients', (original) => server.clientsModule(original));

beforeEach(() => server.reset());
afterEach(() => vi.useRealTimers());

test('the platform settings’ name and default brand are read from the public call', async () => {
  server.answer(platformSettingApi.info, { platformName: 'Acme Light Cloud', defaultBrand: 'aurora' });
  expect(await fetchPlatformInfo()).toEqual({ platformName: 'Acme Light Cloud', defaultBrand: 'aurora' });
});

test('a failed call leaves the built-in brand in place', async () => {
  server.answer(platformSettingApi.info, () => Promise.reject(new Error('offline')));
  expect(await fetchPlatformInfo()).toBeUndefined();
});

test('a server that does not answer does not hold the sign-in screen back', async () => {
  vi.useFakeTimers();
  server.answer(platformSettingApi.info, () => new Promise(() => undefined));
  const info = fetchPlatformInfo();
  await vi.advanceTimersByTimeAsync(3000);
  expect(await info).toBeUndefined();
});
