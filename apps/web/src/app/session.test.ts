import { afterEach, describe, expect, test, vi } from 'vitest';
import { getToken, saveAuth } from '../lib/auth-token';
import { i18n } from '../lib/i18n';

const logout = vi.hoisted(() => ({ post: vi.fn() }));
vi.mock('../lib/http/clients', async (original) => ({ ...(await original<object>()), openApi: logout }));

const { ensureSession, sessionLoaded, signOut, useShell } = await import('./session');
const { queryClient } = await import('./query-client');

const signInAs = (accessToken: string, userId: number) =>
  saveAuth(
    { accessToken, expiresAt: '2030-01-01T00:00:00Z', idleTimeout: 1800, userId, tenantId: 1, tenantCode: 'saas', tenantType: 'platform' },
    { remember: false },
  );
const signedIn = () => {
  signInAs('admin-token', 1);
  useShell.setState({ table: { routes: [], home: '/system/user' } as never, token: 'admin-token' });
};

afterEach(() => logout.post.mockReset());

describe('signing out', () => {
  test('forgets the session before the server answers, so a sign-in meanwhile starts clean', async () => {
    signedIn();
    let answer!: () => void;
    logout.post.mockReturnValue(new Promise<void>((resolve) => (answer = resolve)));

    const done = signOut();
    // The server has not answered yet: the tab already holds neither token nor menus.
    expect(getToken()).toBeFalsy();
    expect(useShell.getState().table).toBeUndefined();
    // The token retired is the one the session had, sent explicitly since the tab no longer holds it.
    expect(logout.post).toHaveBeenCalledWith('/auth/logout', undefined, { headers: { Authorization: 'Bearer admin-token' } });
    answer();
    await done;
  });

  test('a server that cannot be reached still leaves the tab signed out', async () => {
    signedIn();
    logout.post.mockRejectedValue(new Error('offline'));
    await signOut();
    expect(getToken()).toBeFalsy();
  });
});

describe('signing in as somebody else from the sign-in page, without signing out', () => {
  test("the session loads again, and the previous person's cached answers are gone", async () => {
    signedIn();
    expect(sessionLoaded()).toBe(true);
    queryClient.setQueryData(['analytics', 'stores', ''], [{ id: 1, name: "The operator's store" }]);

    signInAs('agent-token', 2);
    expect(sessionLoaded()).toBe(false);
    // The network is not there in this test (nothing is asked of it): what matters is what was
    // forgotten before it was asked.
    const offline = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const languages = vi.spyOn(i18n, 'loadNamespaces').mockResolvedValue(undefined);
    await ensureSession().catch(() => undefined);
    offline.mockRestore();
    languages.mockRestore();
    await vi.waitFor(() => expect(queryClient.getQueryData(['analytics', 'stores', ''])).toBeUndefined());
  });
});
