import { subscriptionApi, type SubscriptionCreate } from '@lightdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mailOutbox } from '../../store/schema';
import { users } from '../../system/schema';
import { makeStore, tenantIds } from '../../../test/stores';
import { staffMember } from '../../../test/staff';
import { testApp, type ApiClient, type TestApp } from '../../../test/test-app';

const PERMISSIONS = [
  'statistics:subscription:query',
  'statistics:subscription:create',
  'statistics:subscription:update',
  'statistics:subscription:delete',
  'statistics:store-popularity:query',
];

let t: TestApp;
let tenant: Awaited<ReturnType<typeof tenantIds>>;
let ada: ApiClient;
let bob: ApiClient;
let store: { id: number; name: string };
let otherAgentsStore: number;

beforeAll(async () => {
  // No SMTP_URL: mail is kept in the outbox.
  t = await testApp();
  tenant = await tenantIds(t);
  ada = (await staffMember(t, { username: 'ada', tenantId: tenant.northwind, email: 'ada@example.com', nickname: 'Ada', permissions: PERMISSIONS })).client;
  bob = (await staffMember(t, { username: 'bob', tenantId: tenant.northwind, email: 'bob@example.com', permissions: PERMISSIONS })).client;
  store = (await makeStore(t, { tenantId: tenant.northwind, name: 'Utrecht Oudegracht' })).store;
  otherAgentsStore = (await makeStore(t, { tenantId: tenant.platform })).store.id;
});
afterAll(() => t.close());

const daily: SubscriptionCreate = { frequency: 'daily', scope: 'store', storeIds: [], language: 'nl-NL', enabled: true };

describe('report subscriptions', () => {
  test('a staff member subscribes, sees, changes and ends their own; the address is the one in their profile', async () => {
    const created = await ada.send(subscriptionApi.create, { ...daily, storeIds: [store.id] });
    expect(created.data).toMatchObject({
      frequency: 'daily',
      scope: 'store',
      stores: [{ id: store.id, name: 'Utrecht Oudegracht' }],
      language: 'nl-NL',
      email: 'ada@example.com',
      enabled: true,
      lastSentAt: null,
      lastPeriod: null,
      lastSkip: null,
    });
    const id = created.data.id;
    expect((await ada.send(subscriptionApi.page, { page: 1, limit: 10 })).data).toMatchObject({ total: 1, list: [{ id }] });

    const changed = await ada.send(subscriptionApi.update, { id, frequency: 'weekly', scope: 'all', storeIds: [], language: 'de-DE', enabled: false });
    expect(changed.data).toMatchObject({ id, frequency: 'weekly', scope: 'all', stores: [], language: 'de-DE', enabled: false });

    // A new address in the profile is where the next report goes.
    await t.ctx.db.update(users).set({ email: 'ada@example.org' }).where(eq(users.username, 'ada'));
    expect((await ada.send(subscriptionApi.page, { page: 1, limit: 10 })).data.list[0]!.email).toBe('ada@example.org');

    expect((await ada.send(subscriptionApi.delete, { id })).data).toBe(true);
    expect((await ada.send(subscriptionApi.page, { page: 1, limit: 10 })).data.total).toBe(0);
  });

  test('no other address can be given: one sent along is ignored', async () => {
    const res = await ada.call<{ email: string }>('POST', subscriptionApi.create.path, {
      body: { ...daily, storeIds: [store.id], email: 'someone@elsewhere.example' },
    });
    expect(res.data.email).not.toBe('someone@elsewhere.example');
  });

  test("another person's subscription is neither listed nor changed, sampled or ended: not found", async () => {
    const { data } = await ada.send(subscriptionApi.create, { ...daily, storeIds: [store.id] });
    expect((await bob.send(subscriptionApi.page, { page: 1, limit: 100 })).data.list.map((s) => s.id)).not.toContain(data.id);
    expect((await bob.send(subscriptionApi.update, { id: data.id, ...daily, storeIds: [store.id] })).code).toBe(404);
    expect((await bob.send(subscriptionApi.sample, { id: data.id })).code).toBe(404);
    expect((await bob.send(subscriptionApi.delete, { id: data.id })).code).toBe(404);
    expect((await ada.send(subscriptionApi.page, { page: 1, limit: 100 })).data.list.map((s) => s.id)).toContain(data.id);
  });

  test('bad input answers 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...daily, frequency: 'hourly', storeIds: [store.id] }, 'frequency'],
      [{ ...daily, scope: 'region', storeIds: [store.id] }, 'scope'],
      [{ ...daily, storeIds: [] }, 'storeIds'],
      [{ ...daily, storeIds: [store.id, store.id] }, 'storeIds'],
      [{ ...daily, scope: 'all', storeIds: [store.id] }, 'storeIds'],
      [{ ...daily, scope: 'stores', storeIds: [] }, 'storeIds'],
      [{ ...daily, storeIds: ['x'] }, 'storeIds[0]'],
      [{ ...daily, storeIds: [store.id], language: 'es-ES' }, 'language'],
      [{ ...daily, storeIds: [store.id], enabled: 'yes' }, 'enabled'],
    ];
    for (const [body, field] of cases) {
      expect(await ada.call('POST', subscriptionApi.create.path, { body }), JSON.stringify(body)).toMatchObject({ code: 400, params: { field } });
    }
    // A store of another agent is as unknown as one that does not exist.
    for (const storeIds of [[otherAgentsStore], [2_000_000_000]])
      expect(await ada.send(subscriptionApi.create, { ...daily, storeIds })).toMatchObject({
        code: 400,
        key: 'common.reference-not-found',
        params: { field: 'storeIds' },
      });
    expect((await ada.call('PUT', `${subscriptionApi.create.path}/x`, { body: daily })).params).toMatchObject({ field: 'id' });
  });

  test('without an e-mail address in the profile there is nowhere to send: refused, saying so', async () => {
    const { client } = await staffMember(t, { username: 'no-mail', tenantId: tenant.northwind, permissions: PERMISSIONS });
    expect(await client.send(subscriptionApi.create, { ...daily, storeIds: [store.id] })).toMatchObject({ code: 555, key: 'report.no-email' });
  });

  test('a sample goes at once to the subscriber, with its workbook; without SMTP the outbox names the attachment', async () => {
    const { data } = await ada.send(subscriptionApi.create, { ...daily, storeIds: [store.id] });
    const sample = await ada.send(subscriptionApi.sample, { id: data.id });
    expect(sample.code).toBe(200);
    const [mail] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ada@example.org'));
    expect(mail!.subject).toMatch(/^\[Voorbeeld\] Dagrapport: Utrecht Oudegracht, /);
    expect(mail!.attachments).toEqual([`report-${sample.data.period.from}.xlsx`]);
    // Nothing was recorded as sent: the scheduled report of that period still goes.
    expect((await ada.send(subscriptionApi.page, { page: 1, limit: 100 })).data.list.find((s) => s.id === data.id)!.lastSentAt).toBeNull();
  });
});
