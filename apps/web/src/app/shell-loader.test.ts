import { beforeEach, describe, expect, test, vi } from 'vitest';
import { shellLoader } from './shell-loader';

// The session's network side is replaced; the rules of the loader are what is under test.
const session = vi.hoisted(() => ({ token: false, loaded: false, home: '/today/index', fail: false, signOut: vi.fn() }));
vi.mock('./session', () => ({
  hasToken: () => session.token,
  sessionLoaded: () => session.loaded,
  ensureSession: () => {
    if (session.fail) return Promise.reject(new Error('permission info failed'));
    session.loaded = true;
    return Promise.resolve();
  },
  signOut: () => {
    session.signOut();
    session.token = false;
    return Promise.resolve();
  },
  useShell: { getState: () => ({ table: session.loaded ? { home: session.home, byPath: new Map([['/store/mesh', STORES]]) } : undefined }) },
}));
const STORES = vi.hoisted(() => ({ path: '/store/mesh', component: 'store/mesh/index' }));

// The screen's download is started by the loader too; here it only records which.
const preloadScreen = vi.hoisted(() => vi.fn());
vi.mock('./screen-registry', () => ({ preloadScreen }));

// The layout's download is started by the loader; here it only records that it was asked for.
const loadLayout = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('./shell', () => ({ loadLayout }));

/** Runs the loader for an in-app path; returns where it redirected, or null when it let through. */
async function visit(path: string): Promise<string | null> {
  const url = new URL(`http://localhost${path}`);
  const args: Parameters<typeof shellLoader>[0] = { request: new Request(url), url, pattern: '*', params: {}, context: undefined };
  const result = await shellLoader(args);
  return result ? result.headers.get('Location') : null;
}

describe('the console guard', () => {
  beforeEach(() => {
    Object.assign(session, { token: false, loaded: false, home: '/today/index', fail: false, signOut: vi.fn() });
    loadLayout.mockClear();
    preloadScreen.mockClear();
  });

  test('signed out, a deep link goes to sign-in carrying the full path', async () => {
    expect(await visit('/store/mesh?page=3')).toBe('/login?redirect=%2Fstore%2Fmesh%3Fpage%3D3');
  });

  test('signed out, a public page is let through', async () => {
    expect(await visit('/help-center/category/2')).toBeNull();
  });

  test('with a token, the session loads first and the page is let through (F5, new tab)', async () => {
    session.token = true;
    expect(await visit('/store/mesh')).toBeNull();
    expect(session.loaded).toBe(true);
  });

  test('while the session loads, the layout downloads alongside; once loaded, it is not asked for again', async () => {
    session.token = true;
    await visit('/store/mesh');
    expect(loadLayout).toHaveBeenCalledOnce();
    await visit('/store/group');
    expect(loadLayout).toHaveBeenCalledOnce();
  });

  test('once the session is there, the screen the address names starts loading, before the layout renders it', async () => {
    session.token = true;
    await visit('/store/mesh');
    await vi.waitFor(() => expect(preloadScreen).toHaveBeenCalledWith(STORES, expect.any(Function)));
  });

  test('signed out, nothing of the layout or a screen is fetched', async () => {
    await visit('/store/mesh');
    await visit('/privacy');
    expect(loadLayout).not.toHaveBeenCalled();
    expect(preloadScreen).not.toHaveBeenCalled();
  });

  test('/ goes to the first visible generated route', async () => {
    session.token = true;
    expect(await visit('/')).toBe('/today/index');
  });

  test('when the session cannot load: sign out and go to /', async () => {
    Object.assign(session, { token: true, fail: true });
    expect(await visit('/store/mesh')).toBe('/');
    expect(session.signOut).toHaveBeenCalledOnce();
  });

  test('when the session cannot load on a public page: sign out and stay', async () => {
    Object.assign(session, { token: true, fail: true });
    expect(await visit('/privacy')).toBeNull();
    expect(session.signOut).toHaveBeenCalledOnce();
  });
});
