import { ResultCode, type Envelope } from '@lightdesk/contract';
import { afterAll, expect, test } from 'vitest';
import type { RouteDef } from './lib/routes';
import { bodyOf, pathOf, probesOf, queryOf, type Probe } from './test/garbage';
import { appUserClient } from './test/app-users';
import { storeWithGateway } from './test/devices';
import { tenantIds } from './test/stores';
import { HttpGateway } from './modules/device/gateway/http-gateway';
import { testApp, type ApiClient } from './test/test-app';
import { readXlsx } from './test/xlsx';

// Every route, every field of its query, body and path, malformed values generated from its
// own schemas (test/garbage.ts): the server answers each one with a whole, handled answer —
// never a 500, never a dropped connection — and refuses what the field cannot hold by name.

const t = await testApp();
const admin = await t.signIn('admin');
afterAll(() => t.close());

/**
 * Who sends the probes: nobody for the public routes, the platform administrator for the
 * console's, and for each app route an app user of its own (a probe may sign them out).
 */
const callerOf = async (route: RouteDef): Promise<Caller> =>
  'public' in route.access
    ? t.api
    : 'appUser' in route.access
      ? (await appUserClient(t)).client
      : 'device' in route.access
        ? (await storeWithGateway(t, { tenantId: (await tenantIds(t)).northwind, luminaires: 1 })).gateway
        : admin;

/** A person's client, or a gateway that signs each request. */
type Caller = ApiClient | HttpGateway;

/** What is wrong with the answer to one probe, or undefined when it is right. */
async function check(caller: Caller, route: RouteDef, probe: Probe): Promise<string | undefined> {
  const url = new URL(pathOf(route, probe), caller.base);
  url.search = queryOf(route, probe).toString();
  const body = bodyOf(route, probe);
  const headers: Record<string, string> = {
    ...(caller instanceof HttpGateway
      ? caller.signedHeaders(route.method, `${url.pathname}${url.search}`, body?.body ?? '')
      : caller.token && { authorization: `Bearer ${caller.token}` }),
    ...(body && { 'content-type': body.contentType }),
  };
  let res: Response;
  let bytes: ArrayBuffer;
  try {
    res = await fetch(url, { method: route.method, headers, body: body?.body, signal: AbortSignal.timeout(15_000) });
    bytes = await res.arrayBuffer();
  } catch (err) {
    return `no whole answer (${String(err)})`;
  }
  if (res.status >= 500) return `HTTP ${res.status}`;
  // The router itself refuses a path parameter past its length limit, before any route runs.
  if (probe.where === 'params' && res.status === 414) return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('spreadsheetml')) {
    if (probe.refused) return 'a file instead of 400';
    const rows = await readXlsx(bytes).catch(() => undefined);
    return rows?.[0]?.length ? undefined : 'a broken workbook';
  }
  if (!type.includes('json')) return `content type ${type}`;
  let answer: Partial<Envelope> & { status?: number };
  try {
    answer = JSON.parse(new TextDecoder().decode(bytes)) as Partial<Envelope> & { status?: number };
  } catch {
    return 'broken JSON';
  }
  // Devices read plain HTTP statuses; everyone else the envelope's code.
  const code = answer.code ?? answer.status;
  // A rule refusal (the caller's state forbids the call, e.g. no e-mail in the profile) is a handled answer.
  if (typeof code === 'number' && code >= 500 && code !== ResultCode.refusal) return `code ${code}`;
  if (!probe.refused) return undefined;
  const field = String(answer.params?.field ?? '');
  // A probe of the whole body is refused naming the body.
  const name = probe.field || probe.where;
  if (code === 400 && (field === name || field.startsWith(`${name}.`) || field.startsWith(`${name}[`))) return undefined;
  return `answered ${code} ${answer.key ?? ''} ${field}, not 400 naming ${name}`;
}

/** Runs `work` over `items`, `width` at a time. */
async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

test.for(t.routes.map((route) => [`${route.method} ${route.url}`, route] as const))('%s', { timeout: 120_000 }, async ([, route]) => {
  const probes = probesOf(route);
  const failures: string[] = [];
  const caller = await callerOf(route);
  await inParallel(probes, 6, async (probe) => {
    const problem = await check(caller, route, probe);
    if (problem) failures.push(`${probe.where}${probe.field ? `.${probe.field}` : ''} = ${probe.label}: ${problem}`);
  });
  expect(failures.join('\n')).toBe('');
});
