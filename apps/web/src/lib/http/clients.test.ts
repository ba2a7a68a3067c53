import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { useTestLanguage } from '../../test/i18n';
import { clearAuth, saveAuth } from '../auth-token';
import { setNotifier } from '../notify';
import type { Client } from './client';
import { api, downloadClient, downloadFile, furtherApi, furtherClient, mainClient, nestedParams, openApi, openClient } from './clients';
import { ApiError, HttpStatusError, NetworkError } from './errors';
import { setSessionEndHandler } from './feedback';
import type { TransportRequest } from './transport';

type Reply = { status?: number; data?: unknown; headers?: Record<string, string> } | 'network';

const seen: TransportRequest[] = [];
/** Answers every call of a client like the server would, without a network. */
function answer(client: Client, reply: Reply | ((request: TransportRequest) => Reply)) {
  client.transport = async (request) => {
    seen.push(request);
    const r = typeof reply === 'function' ? reply(request) : reply;
    if (r === 'network') throw new TypeError('Failed to fetch');
    return { status: r.status ?? 200, headers: new Headers(r.headers ?? {}), body: r.data };
  };
}
/** The path and query a request went to. */
const target = (request: TransportRequest) => new URL(request.url, 'http://console.test');

const envelope = (code: number, extra: Record<string, unknown> = {}) => ({ code, msg: '中文消息', egMsg: 'English message', data: null, ...extra });
const signedIn = (token = 'token-1') =>
  saveAuth(
    { accessToken: token, expiresAt: '2030-01-01T00:00:00Z', idleTimeout: 1800, userId: 7, tenantId: 3, tenantCode: 'northwind', tenantType: 'agent' },
    { remember: false },
  );

const toasts: string[] = [];
const sessionEnds = vi.fn();

beforeAll(() => useTestLanguage('en-US'));
beforeEach(async () => {
  await useTestLanguage('en-US');
  toasts.length = 0;
  seen.length = 0;
  sessionEnds.mockReset();
  localStorage.clear();
  clearAuth();
  setNotifier({ error: (t) => toasts.push(t), success: () => {} });
  setSessionEndHandler(sessionEnds);
});
afterEach(() => vi.restoreAllMocks());

describe('main client (/api)', () => {
  test('resolves with the envelope data and sends the token and tenant code', async () => {
    signedIn();
    answer(mainClient, { data: { code: 200, msg: '', egMsg: '', data: { ok: 1 } } });
    await expect(api.get('/system/x', { page: 1 })).resolves.toEqual({ ok: 1 });
    expect(target(seen[0]!).pathname).toBe('/api/system/x');
    expect(target(seen[0]!).search).toBe('?page=1');
    expect(seen[0]!.timeout).toBe(30_000);
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer token-1');
    expect(seen[0]!.headers.get('tenantcode')).toBe('northwind');
  });

  test("the tenant code is 'saas' when none is stored", async () => {
    answer(mainClient, { data: { code: 200, msg: '', egMsg: '', data: null } });
    await api.post('/system/auth/login', { username: 'a' });
    expect(seen[0]!.headers.get('tenantcode')).toBe('saas');
    expect(seen[0]!.headers.has('authorization')).toBe(false);
    expect(seen[0]!.headers.get('content-type')).toBe('application/json');
    expect(seen[0]!.body).toBe('{"username":"a"}');
  });

  test('a failure shows exactly one toast and rejects', async () => {
    answer(mainClient, { data: envelope(409) });
    await expect(api.post('/x')).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toEqual(['English message']);
  });

  test('the toast is msg in zh-CN and egMsg otherwise', async () => {
    answer(mainClient, { data: envelope(400) });
    await useTestLanguage('zh-CN');
    await api.get('/x').catch(() => {});
    await useTestLanguage('de-DE');
    await api.get('/x').catch(() => {});
    expect(toasts).toEqual(['中文消息', 'English message']);
  });

  test("the fallback is 'Error' when the envelope has no message", async () => {
    answer(mainClient, { data: { code: 500, msg: '', egMsg: '', data: null } });
    await api.get('/x').catch(() => {});
    expect(toasts).toEqual(['Error']);
  });

  test('a message key the language knows is shown translated, with its params', async () => {
    answer(mainClient, { data: envelope(429, { key: 'auth.throttled', params: { seconds: 30 } }) });
    await useTestLanguage('de-DE');
    await api.post('/system/auth/login').catch(() => {});
    expect(toasts).toEqual(['Zu viele Versuche. Bitte in 30 s erneut versuchen.']);
  });

  test('a refused field whose reason names a form wording shows that wording', async () => {
    answer(mainClient, {
      data: envelope(400, {
        key: 'common.bad-input',
        params: { field: 'code', reason: 'only letters, digits, underscores, dots and hyphens are allowed', reasonKey: 'form.code' },
      }),
    });
    await api.post('/system/post/create').catch(() => {});
    answer(mainClient, {
      data: envelope(400, { key: 'common.bad-input', params: { field: 'name', reason: 'Too small: expected string to have >=1 characters' } }),
    });
    await api.post('/system/post/create').catch(() => {});
    expect(toasts).toEqual([
      'Invalid value for code: Only letters, digits, underscores, dots and hyphens are allowed',
      'Invalid value for name: Too small: expected string to have >=1 characters',
    ]);
  });

  test('a rule refusal (555) rejects without a toast: the screen words it', async () => {
    answer(mainClient, { data: envelope(555) });
    const error = await api.post('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(555);
    expect(toasts).toEqual([]);
  });

  test('a code the call says it handles rejects without a toast; other codes still show one', async () => {
    answer(openClient, (request) => ({ data: envelope(target(request).pathname.endsWith('/missing') ? 404 : 500) }));
    const handled = await openApi.get('/content/missing', undefined, { handles: [404] }).catch((e: unknown) => e);
    expect(handled).toBeInstanceOf(ApiError);
    expect((handled as ApiError).code).toBe(404);
    expect((handled as ApiError).text).toBe('English message');
    expect(toasts).toEqual([]);
    await expect(openApi.get('/content/broken', undefined, { handles: [404] })).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toEqual(['English message']);
    // Without the option a 404 is an error like any other.
    await openApi.get('/content/missing').catch(() => {});
    expect(toasts).toEqual(['English message', 'English message']);
  });

  test('handling a 401 itself does not keep a session alive that the server ended', async () => {
    signedIn('token-handled');
    answer(mainClient, { data: envelope(401) });
    await api.get('/a', undefined, { handles: [401] }).catch(() => {});
    expect(sessionEnds).toHaveBeenCalledOnce();
    expect(toasts).toEqual([]);
  });

  test("no answer shows 'Network request failed'", async () => {
    answer(mainClient, 'network');
    await expect(api.get('/x')).rejects.toBeInstanceOf(NetworkError);
    expect(toasts).toEqual(['Network request failed']);
  });

  test('an HTTP failure without an envelope is only logged', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    answer(mainClient, { status: 502, data: '<html>Bad gateway</html>' });
    await expect(api.get('/x')).rejects.toBeInstanceOf(HttpStatusError);
    expect(toasts).toEqual([]);
    expect(log).toHaveBeenCalledOnce();
  });

  test('an overloaded server (503) shows one "busy, try again" toast for the wait it names, not one per call', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      answer(mainClient, { status: 503, headers: { 'retry-after': '10' }, data: envelope(503, { key: 'common.overloaded', params: { seconds: 10 } }) });
      const errors = await Promise.all([api.get('/a'), api.get('/b'), api.post('/c')].map((call) => call.catch((e: unknown) => e)));
      expect(errors.map((e) => (e as ApiError).code)).toEqual([503, 503, 503]);
      expect(toasts).toEqual(['The server is busy, please try again shortly']);
      vi.setSystemTime(Date.now() + 10_000);
      await api.get('/d').catch(() => {});
      expect(toasts).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  test('an HTTP 500 carrying an envelope follows the envelope rules', async () => {
    answer(mainClient, { status: 500, data: envelope(500, { key: 'common.unexpected', params: { requestId: 'r-1' } }) });
    await api.get('/x').catch(() => {});
    expect(toasts).toEqual(['Unexpected error. Please report request r-1 to the administrator.']);
  });

  test('a form post is urlencoded and reports upload progress', async () => {
    answer(mainClient, (request) => {
      request.onUploadProgress?.(50, 100);
      return { data: { code: 200, msg: '', egMsg: '', data: true } };
    });
    const progress: number[] = [];
    await api.postForm('/x', { a: 1, b: 'two' }, (p) => progress.push(p));
    expect(seen[0]!.headers.get('content-type')).toContain('application/x-www-form-urlencoded');
    expect(seen[0]!.body).toBe('a=1&b=two');
    expect(progress).toEqual([50]);
  });

  test('a call may replace the token, e.g. to sign out a session it was handed', async () => {
    signedIn('token-1');
    answer(openClient, { data: { code: 200, msg: '', egMsg: '', data: true } });
    await openApi.post('/auth/logout', undefined, { headers: { Authorization: 'Bearer other' } });
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer other');
    expect(seen[0]!.body).toBeUndefined();
  });

  test('query parameters leave out absent values', async () => {
    answer(mainClient, { data: { code: 200, msg: '', egMsg: '', data: null } });
    await api.get('/system/x', { name: 'a b', status: undefined, deptId: null, page: 2 });
    expect(target(seen[0]!).search).toBe('?name=a+b&page=2');
  });

  test('a plain answer that is no envelope (a file, a device answer) comes back as it is', async () => {
    answer(mainClient, { data: 'OK' });
    await expect(api.get('/x')).resolves.toBe('OK');
  });
});

describe('an envelope 401 ends the session once', () => {
  test('however many calls were in flight, from any client', async () => {
    signedIn('token-401');
    for (const client of [mainClient, openClient, furtherClient]) answer(client, { data: envelope(401, { key: 'auth.unauthorized' }) });
    const calls = [api.get('/a'), api.get('/b'), api.post('/c'), openApi.post('/d'), furtherApi.get('/e')];
    const results = await Promise.allSettled(calls);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(sessionEnds).toHaveBeenCalledTimes(1);
    expect(toasts).toEqual([]);
  });

  test('a new session can end again', async () => {
    signedIn('token-a');
    answer(mainClient, { data: envelope(401) });
    await api.get('/a').catch(() => {});
    signedIn('token-b');
    await api.get('/a').catch(() => {});
    expect(sessionEnds).toHaveBeenCalledTimes(2);
  });

  test('without a session a 401 is just an error', async () => {
    answer(mainClient, { data: envelope(401) });
    await api.get('/a').catch(() => {});
    expect(sessionEnds).not.toHaveBeenCalled();
    expect(toasts).toEqual(['English message']);
  });
});

describe('open client (/open)', () => {
  test('50 s, bearer token, same failure rules', async () => {
    signedIn();
    answer(openClient, { data: envelope(429, { key: 'auth.throttled', params: { seconds: 60 } }) });
    await openApi.post('/auth/send-sms-code').catch(() => {});
    expect(target(seen[0]!).pathname).toBe('/open/auth/send-sms-code');
    expect(seen[0]!.timeout).toBe(50_000);
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer token-1');
    expect(toasts).toEqual(['Too many attempts. Please try again in 60 s.']);
  });
});

describe('download client (blob, /api)', () => {
  test('a file comes back as a blob with its name', async () => {
    answer(downloadClient, { data: new Blob(['xlsx']), headers: { 'content-disposition': "attachment; filename*=UTF-8''stores%202026.xlsx" } });
    const file = await downloadFile('/store/mesh/export', { name: 'x' });
    expect(file.filename).toBe('stores 2026.xlsx');
    expect(await file.blob.text()).toBe('xlsx');
    expect(seen[0]!.timeout).toBe(50_000);
    expect(seen[0]!.responseType).toBe('blob');
    expect(target(seen[0]!).pathname + target(seen[0]!).search).toBe('/api/store/mesh/export?name=x');
  });

  test('a file is asked for in the console’s language and on this browser’s clock', async () => {
    await useTestLanguage('de-DE');
    answer(downloadClient, { data: new Blob(['xlsx']) });
    await downloadFile('/system/post/export-excel');
    expect(seen[0]!.headers.get('accept-language')).toBe('de-DE');
    expect(seen[0]!.headers.get('time-zone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  test('an error envelope sent as a blob is read and shown', async () => {
    answer(downloadClient, { data: new Blob([JSON.stringify(envelope(403, { key: 'auth.forbidden' }))], { type: 'application/json' }) });
    await expect(downloadFile('/x')).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toEqual(['You do not have permission for this operation']);
  });
});

describe('further client (/api/v2/saas/web)', () => {
  test('sends bearer, tenant-id and tenantcode; nested params as key[sub]', async () => {
    signedIn();
    answer(furtherClient, { data: { code: 200, msg: '', egMsg: '', data: [] } });
    await furtherApi.get('/statistics', { storeId: 5, range: { from: '2026-01-01', to: '2026-01-31' }, ids: [1, 2], empty: '' });
    const request = seen[0]!;
    expect(request.timeout).toBe(50_000);
    expect(request.headers.get('tenant-id')).toBe('3');
    expect(request.headers.get('tenantcode')).toBe('northwind');
    expect(request.headers.get('authorization')).toBe('Bearer token-1');
    expect(target(request).pathname).toBe('/api/v2/saas/web/statistics');
    expect(target(request).search).toBe('?storeId=5&range%5Bfrom%5D=2026-01-01&range%5Bto%5D=2026-01-31&ids%5B0%5D=1&ids%5B1%5D=2');
    expect(nestedParams({ at: new Date('2026-01-01T00:00:00Z') })).toBe('at=2026-01-01T00%3A00%3A00.000Z');
  });

  test.each([
    [401, 'Authentication failed, the system resources cannot be accessed'],
    [403, 'The current operation has no permission'],
    [404, 'The access resource does not exist'],
    [418, 'The system does not know the error, please report the error to the administrator'],
  ])('code %i without a message rejects with its default', async (code, text) => {
    answer(furtherClient, { data: { code, msg: '', egMsg: '', data: null } });
    const error = await furtherApi.get('/x').catch((e: unknown) => e);
    expect((error as ApiError).text).toBe(text);
  });
});
