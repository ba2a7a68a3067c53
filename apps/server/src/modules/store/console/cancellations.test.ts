import { accountCancellationApi, type AccountCancellationQuery } from '@lightdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appUserClient } from '../../../test/app-users';
import { makeStore, tenantIds } from '../../../test/stores';
import { testApp, TEST_PASSWORD, type ApiClient, type TestApp } from '../../../test/test-app';
import { readXlsx } from '../../../test/xlsx';
import { appCancellationRequests } from '../schema';
import { cancellationRequests, users } from '../../system/schema';

let t: TestApp;
let admin: ApiClient;
let agent: ApiClient;
let pia: number;
let aldo: number;
let operatorId: number;
let clerkId: number;
beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn('admin');
  await t.grant('agent', ['system:cancellation:query', 'system:cancellation:export']);
  agent = await t.signIn('agent');
  const tenant = await tenantIds(t);
  pia = (await appUserClient(t, { nickname: 'Pia Platform', email: 'pia@shop.example' })).user.id;
  aldo = (await appUserClient(t, { nickname: 'Aldo Agent', email: 'aldo@shop.example' })).user.id;
  await makeStore(t, { tenantId: tenant.platform, adminId: pia });
  await makeStore(t, { tenantId: tenant.northwind, adminId: aldo });
  const later = new Date(t.clock.now().getTime() + 7 * 86_400_000);
  await t.ctx.db.insert(appCancellationRequests).values([
    { appUserId: pia, reason: 'moving', purgeAfter: later },
    { appUserId: aldo, purgeAfter: later, withdrawnAt: t.clock.now() },
  ]);
  // A platform staff member cancels from the console; a clerk of the agent Northwind did so earlier.
  const operator = await t.signIn('operator');
  await operator.post('/api/system/auth/cancel-account', { password: TEST_PASSWORD, reason: 'Retiring' });
  operatorId = (await t.ctx.db.select().from(users).where(eq(users.username, 'operator')))[0]!.id;
  const [clerk] = await t.ctx.db
    .insert(users)
    .values({ tenantId: tenant.northwind, username: 'north-clerk', nickname: 'Nils Clerk', email: 'nils@northwind.example', passwordHash: 'x', status: 1 })
    .returning();
  clerkId = clerk!.id;
  await t.ctx.db.insert(cancellationRequests).values({ userId: clerkId, tenantId: tenant.northwind, username: 'north-clerk', purgeAfter: later });
});
afterAll(() => t.close());

const listed = async (client: ApiClient, q: Partial<AccountCancellationQuery> = {}) =>
  (await client.send(accountCancellationApi.page, { limit: 100, ...q })).data.list.map((c) => `${c.accountKind}:${c.accountId}:${c.status}`);

describe('account cancellations', () => {
  test("staff's and app users' requests are listed together, each with its kind and status", async () => {
    expect((await listed(admin)).sort()).toEqual(
      [`app-user:${pia}:pending`, `app-user:${aldo}:withdrawn`, `staff:${operatorId}:pending`, `staff:${clerkId}:pending`].sort(),
    );
    const [operator] = (await admin.send(accountCancellationApi.page, { accountKind: 'staff', email: '' })).data.list.filter((c) => c.accountId === operatorId);
    expect(operator).toMatchObject({ username: 'operator', nickname: 'Olivia Operator', mobile: '13800000001', reason: 'Retiring', withdrawnAt: null });
    // Staff get the parameter setting's grace period, the same as app users (7 days by default).
    expect(new Date(operator!.purgeAfter).getTime() - new Date(operator!.requestedAt).getTime()).toBe(7 * 86_400_000);
  });

  test('the list filters by kind, status and e-mail', async () => {
    expect((await listed(admin, { accountKind: 'staff' })).sort()).toEqual([`staff:${operatorId}:pending`, `staff:${clerkId}:pending`].sort());
    expect(await listed(admin, { accountKind: 'app-user', status: 'withdrawn' })).toEqual([`app-user:${aldo}:withdrawn`]);
    expect(await listed(admin, { email: 'PIA@' })).toEqual([`app-user:${pia}:pending`]);
    expect(await listed(admin, { email: 'nils' })).toEqual([`staff:${clerkId}:pending`]);
  });

  test('enabling a staff account again withdraws its request; the purge completes one', async () => {
    await t.ctx.db.update(users).set({ status: 0 }).where(eq(users.id, operatorId));
    await t.ctx.db.update(cancellationRequests).set({ purgedAt: t.clock.now() }).where(eq(cancellationRequests.userId, clerkId));
    try {
      expect((await listed(admin, { accountKind: 'staff' })).sort()).toEqual([`staff:${operatorId}:withdrawn`, `staff:${clerkId}:completed`].sort());
      expect(await listed(admin, { status: 'completed' })).toEqual([`staff:${clerkId}:completed`]);
    } finally {
      await t.ctx.db.update(users).set({ status: 1 }).where(eq(users.id, operatorId));
      await t.ctx.db.update(cancellationRequests).set({ purgedAt: null }).where(eq(cancellationRequests.userId, clerkId));
    }
  });

  test("an agent's staff see their own agent's staff and the members of their stores, nobody else", async () => {
    expect((await listed(agent)).sort()).toEqual([`app-user:${aldo}:withdrawn`, `staff:${clerkId}:pending`].sort());
    expect(await listed(agent, { accountKind: 'staff' })).toEqual([`staff:${clerkId}:pending`]);
    expect(await listed(agent, { email: 'pia' })).toEqual([]);
    const rows = await readXlsx(await agent.raw('GET', accountCancellationApi.exportExcel.path));
    expect(
      rows
        .slice(1)
        .map((r) => r[2])
        .sort(),
    ).toEqual(['aldo@shop.example', 'nils@northwind.example']);
  });

  test('pages follow the requested order without skipping or repeating a row', async () => {
    const sorted = (await admin.send(accountCancellationApi.page, { sortBy: 'purgeAfter', sortOrder: 'asc', limit: 100 })).data.list;
    const paged = [];
    for (let page = 1; page <= 4; page += 1) {
      paged.push(...(await admin.send(accountCancellationApi.page, { sortBy: 'purgeAfter', sortOrder: 'asc', limit: 1, page })).data.list);
    }
    expect(paged).toEqual(sorted);
    expect((await admin.send(accountCancellationApi.page, { limit: 2 })).data.total).toBe(4);
  });

  test('bad input answers 400 naming the field', async () => {
    expect(await admin.get(accountCancellationApi.page.path, { status: 'gone' })).toMatchObject({ code: 400, params: { field: 'status' } });
    expect(await admin.get(accountCancellationApi.page.path, { accountKind: 'robot' })).toMatchObject({ code: 400, params: { field: 'accountKind' } });
    expect(await admin.get(accountCancellationApi.page.path, { sortBy: 'reason' })).toMatchObject({ code: 400, params: { field: 'sortBy' } });
  });
});
