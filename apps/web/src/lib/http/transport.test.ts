import { afterEach, describe, expect, test, vi } from 'vitest';
import { transport, type TransportRequest } from './transport';

const request = (extra: Partial<TransportRequest> = {}): TransportRequest => ({
  method: 'GET',
  url: '/api/x',
  headers: new Headers({ authorization: 'Bearer t' }),
  body: undefined,
  timeout: 30_000,
  responseType: 'json',
  ...extra,
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the fetch transport', () => {
  test('sends method, headers and body, and parses a JSON answer', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response('{"code":200,"data":1}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const answer = await transport(request({ method: 'POST', body: '{"a":1}' }));
    expect(answer).toMatchObject({ status: 200, body: { code: 200, data: 1 } });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/x');
    expect(init).toMatchObject({ method: 'POST', body: '{"a":1}' });
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer t');
  });

  test('an answer that is not JSON (a proxy’s error page) comes back as text with its status', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(transport(request())).resolves.toMatchObject({ status: 502, body: '<html>Bad gateway</html>' });
  });

  test('a download reports the bytes as they arrive, without a total when the server streams', async () => {
    const chunks = [new Uint8Array([1, 2, 3]), new Uint8Array([4, 5])];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    vi.stubGlobal('fetch', async () => new Response(body, { status: 200, headers: { 'content-type': 'application/vnd.ms-excel' } }));
    const progress: Array<[number, number | undefined]> = [];
    const answer = await transport(request({ responseType: 'blob', onDownloadProgress: (loaded, total) => progress.push([loaded, total]) }));
    expect(progress).toEqual([
      [3, undefined],
      [5, undefined],
    ]);
    const blob = answer.body as Blob;
    expect(blob.type).toBe('application/vnd.ms-excel');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([1, 2, 3, 4, 5]);
  });

  test('no answer within the timeout is a failure', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const sent = transport(request({ timeout: 30_000 }));
    const settled = vi.fn();
    sent.then(settled, settled);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(sent).rejects.toThrow();
  });
});
