import { feedbackApi, feedbackReply, feedbackStats } from '@lightdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appUserClient } from '../../../test/app-users';
import { makeStore, tenantIds } from '../../../test/stores';
import { testApp, type ApiClient, type TestApp } from '../../../test/test-app';
import { readXlsx } from '../../../test/xlsx';
import { appUsers, feedback } from '../schema';

let t: TestApp;
let admin: ApiClient;
let agent: ApiClient;
let platformNote: number;
let agentNote: number;
let platformPersonId: number;
const PICTURE = 'a'.repeat(64);
beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn('admin');
  await t.grant('agent', ['workbench:feedback:query', 'workbench:feedback:update']);
  agent = await t.signIn('agent');
  const tenant = await tenantIds(t);
  const platformPerson = await appUserClient(t, { email: 'fiona@shop.example' });
  platformPersonId = platformPerson.user.id;
  const agentPerson = await appUserClient(t, { email: 'gus@shop.example' });
  await makeStore(t, { tenantId: tenant.platform, adminId: platformPerson.user.id });
  await makeStore(t, { tenantId: tenant.northwind, adminId: agentPerson.user.id });
  const rows = await t.ctx.db
    .insert(feedback)
    .values([
      { appUserId: platformPerson.user.id, type: 'bug', content: 'The lights flicker', images: [PICTURE], contactEmail: 'shop-owner@example.org' },
      { appUserId: agentPerson.user.id, type: 'idea', content: 'Dark mode please' },
    ])
    .returning();
  [platformNote, agentNote] = rows.map((f) => f.id) as [number, number];
});
afterAll(() => t.close());

describe('feedback', () => {
  test('search by the customer e-mail, account or contact address', async () => {
    expect((await admin.send(feedbackApi.page, { email: 'FIONA' })).data.list.map((f) => f.id)).toEqual([platformNote]);
    expect((await admin.send(feedbackApi.page, { email: 'shop-owner' })).data.list.map((f) => f.id)).toEqual([platformNote]);
    expect((await admin.send(feedbackApi.page, { handled: 'no', limit: 100 })).data.total).toBe(2);
  });

  test('the detail links the pictures', async () => {
    const res = await admin.send(feedbackApi.get, { id: platformNote });
    expect(res.data).toMatchObject({ content: 'The lights flicker', imageCount: 1, email: 'fiona@shop.example' });
    expect(res.data.images).toHaveLength(1);
    expect(res.data.images[0]).toMatch(new RegExp(`^/open/files/${PICTURE}\\?expires=\\d+&signature=`));
  });

  test('marking handled keeps the reply for the app', async () => {
    expect((await admin.send(feedbackReply, { id: platformNote, reply: 'Fixed in 2.1' })).code).toBe(200);
    const [row] = await t.ctx.db.select().from(feedback).where(eq(feedback.id, platformNote));
    expect(row).toMatchObject({ reply: 'Fixed in 2.1' });
    expect(row!.handledAt).not.toBeNull();
    expect((await admin.send(feedbackApi.page, { handled: 'yes' })).data.list.map((f) => f.id)).toEqual([platformNote]);
  });

  test('registrations: today (UTC), the last seven days and everybody', async () => {
    const [old] = await t.ctx.db.insert(appUsers).values({ nickname: 'Old', countryCode: 'NL', passwordHash: 'x', email: 'old@example.com' }).returning();
    await t.ctx.db
      .update(appUsers)
      .set({ createdAt: new Date(t.clock.now().getTime() - 30 * 86_400_000) })
      .where(eq(appUsers.id, old!.id));
    const stats = (await admin.send(feedbackStats)).data;
    expect(stats.totalUsers).toBe(stats.registeredLast7Days + 1);
    expect(stats.registeredToday).toBeLessThanOrEqual(stats.registeredLast7Days);
    expect(stats.registeredLast7Days).toBeGreaterThanOrEqual(2);
  });

  test("an agent's staff see and answer only feedback from their stores' people", async () => {
    expect((await agent.send(feedbackApi.page, { limit: 100 })).data.list.map((f) => f.id)).toEqual([agentNote]);
    expect((await agent.send(feedbackApi.get, { id: platformNote })).code).toBe(404);
    expect((await agent.send(feedbackReply, { id: platformNote, reply: 'Hijacked' })).code).toBe(404);
    expect((await agent.send(feedbackStats)).data.totalUsers).toBe(1);
    const [row] = await t.ctx.db.select().from(feedback).where(eq(feedback.id, platformNote));
    expect(row!.reply).not.toBe('Hijacked');
  });

  test('bad input answers 400 naming the field and changes nothing', async () => {
    expect(await admin.put(feedbackReply.path, { id: agentNote, reply: '' })).toMatchObject({ code: 400, params: { field: 'reply' } });
    expect(await admin.get(feedbackApi.page.path, { handled: 'maybe' })).toMatchObject({ code: 400, params: { field: 'handled' } });
    const [row] = await t.ctx.db.select().from(feedback).where(eq(feedback.id, agentNote));
    expect(row!.handledAt).toBeNull();
  });

  test('the export holds the filtered feedback in the reader’s language: the list’s words, its time on their clock', async () => {
    await t.ctx.db
      .insert(feedback)
      .values({ appUserId: platformPersonId, type: 'fault', content: 'The sensor is offline', createdAt: new Date('2026-05-04T22:30:00Z') });
    const res = await admin.raw('GET', feedbackApi.exportExcel.path, {
      query: { email: 'fiona', handled: 'no' },
      headers: { 'accept-language': 'de-DE', 'time-zone': 'Europe/Berlin' },
    });
    expect(res.headers.get('content-disposition')).toContain('feedback.xlsx');
    const [header, ...rows] = await readXlsx(res);
    expect(header).toEqual([
      'Eingegangen',
      'E-Mail des Kunden',
      'Kontakt-E-Mail',
      'Spitzname',
      'Art',
      'Inhalt',
      'App-Version',
      'Telefonmodell',
      'Bilder',
      'Status',
      'Antwort',
    ]);
    expect(rows).toHaveLength(1);
    // 22:30 UTC on 4 May is half past midnight on 5 May in Berlin, as the list there shows it.
    expect(rows[0]![0]).toEqual(new Date('2026-05-05T00:30:00Z'));
    expect([rows[0]![1], rows[0]![4], rows[0]![5], rows[0]![9]]).toEqual(['fiona@shop.example', 'Störung', 'The sensor is offline', 'Wartet auf Antwort']);
  });

  test('exporting needs its own permission, and an agent’s staff export only their stores’ people’s feedback', async () => {
    expect((await agent.get(feedbackApi.exportExcel.path)).code).toBe(403);
    await t.grant('agent', ['workbench:feedback:query', 'workbench:feedback:update', 'workbench:feedback:export']);
    const exporter = await t.signIn('agent');
    const rows = await readXlsx(await exporter.raw('GET', feedbackApi.exportExcel.path));
    expect(rows.slice(1).map((r) => r[5])).toEqual(['Dark mode please']);
  });
});
