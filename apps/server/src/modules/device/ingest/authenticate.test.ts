import type { Report } from '@lightdesk/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { storeWithGateway } from '../../../test/devices';
import { tenantIds } from '../../../test/stores';
import { testApp, type TestApp } from '../../../test/test-app';
import { HttpGateway } from '../gateway/http-gateway';
import { SIGNATURE_FAILURE_LIMIT } from './authenticate';

const REPORT = '/open/iot/report';

// Two servers on one database behind a proxy that names each client's address.
let a: TestApp;
let b: TestApp;
let gateway: Awaited<ReturnType<typeof storeWithGateway>>;
beforeAll(async () => {
  a = await testApp({ TRUSTED_PROXY: '127.0.0.1' });
  b = await a.sibling();
  gateway = await storeWithGateway(a, { tenantId: (await tenantIds(a)).northwind });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

/** Both servers' clocks at the start of a minute: the failures of a test all fall in one window. */
function startOfAMinute() {
  a.clock.toNextMinute();
  b.clock.setTo(a.clock.now());
}

let serial = 0;
const batch = (): { reports: Report[] } => ({
  reports: [{ id: `a${++serial}`, at: a.clock.now().toISOString(), device: gateway.device.deviceName, kind: 'heartbeat' }],
});

/** The store's gateway speaking to a server from an address, its request altered after signing when `tamper` says how. */
function fromAddress(server: TestApp, address: string, tamper: (headers: Record<string, string>, text: string) => string = (_h, text) => text) {
  const { productKey, deviceName, secret } = gateway.device;
  const signer = new HttpGateway(server.base, productKey, deviceName, secret, () => server.clock.now().getTime());
  return signer.request('POST', REPORT, batch(), (headers, text) => {
    headers['x-forwarded-for'] = address;
    return tamper(headers, text);
  });
}

/** A genuine request, as sent: resending it is a replay. */
let genuine: { headers: Record<string, string>; text: string } | undefined;
const keepGenuine = (headers: Record<string, string>, text: string) => ((genuine = { headers: { ...headers }, text }), text);

/** Forged requests of every kind the signature check refuses, in turn. */
const forgeries: ((headers: Record<string, string>, text: string) => string)[] = [
  (h, text) => ((h['x-lightdesk-signature'] = '0'.repeat(64)), text),
  (h, text) => ((h['x-lightdesk-signature'] = 'not hex'), text),
  (h, text) => ((h['x-lightdesk-device'] = `${gateway.device.productKey}/nobody-here`), text),
  (h, text) => ((h['x-lightdesk-timestamp'] = String(Number(h['x-lightdesk-timestamp']) - 6 * 60_000)), text),
  (h) => (Object.assign(h, genuine!.headers), genuine!.text),
  (_h, text) => text.replace('heartbeat', 'zone'),
];

describe('forged device requests', () => {
  test('past the limit an address is refused with 429 and Retry-After, a right signature too, until the minute ends; other addresses are not', async () => {
    startOfAMinute();
    expect((await fromAddress(a, '198.51.100.1', keepGenuine)).status).toBe(200);
    for (let i = 0; i < SIGNATURE_FAILURE_LIMIT; i++)
      expect((await fromAddress(a, '198.51.100.1', forgeries[i % forgeries.length])).status, `forgery ${i}`).toBe(401);

    const refused = await fromAddress(a, '198.51.100.1', forgeries[0]);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // Telling a right signature apart would take reading and hashing the body: it waits as well.
    expect((await fromAddress(a, '198.51.100.1')).status).toBe(429);
    expect((await fromAddress(a, '198.51.100.2')).status).toBe(200);

    a.clock.advance(60);
    expect((await fromAddress(a, '198.51.100.1')).status).toBe(200);
  });

  test('servers on one database share the count', async () => {
    startOfAMinute();
    for (let i = 0; i < SIGNATURE_FAILURE_LIMIT; i++) expect((await fromAddress(i % 2 ? a : b, '198.51.100.3', forgeries[0])).status).toBe(401);
    expect((await fromAddress(a, '198.51.100.3', forgeries[0])).status).toBe(429);
    expect((await fromAddress(b, '198.51.100.3', forgeries[0])).status).toBe(429);
  });

  test('a forged body is never read as JSON: a megabyte that is no JSON at all gets the signature refusal', async () => {
    startOfAMinute();
    const notJson = `{"reports": [${'x'.repeat(1024 * 1024 - 100)}`;
    const res = await fromAddress(a, '198.51.100.4', () => notJson);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ status: 401, key: 'auth.unauthorized' });
  });
});
