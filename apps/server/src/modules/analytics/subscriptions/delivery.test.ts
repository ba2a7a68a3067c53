import { analyticsApi, subscriptionApi, type SubscriptionCreate } from '@lightdesk/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { jobRuns } from '../../../lib/jobs';
import { stores } from '../../store/schema';
import { configs, menus, roleMenus, userRoles, users } from '../../system/schema';
import { analyticsStore, entrance, presence, type AnalyticsStore } from '../../../test/analytics';
import { mailCatcher, type MailCatcher, type ReceivedMail } from '../../../test/mail';
import { staffMember } from '../../../test/staff';
import { tenantIds } from '../../../test/stores';
import { testApp, type ApiClient, type TestApp } from '../../../test/test-app';
import { readWorkbook, readXlsx } from '../../../test/xlsx';
import { deliverReports } from './delivery';
import { instantAt } from './periods';
import { reportDeliveries, reportSubscriptions } from './schema';

const SUBSCRIBE = ['statistics:subscription:query', 'statistics:subscription:create', 'statistics:subscription:update', 'statistics:subscription:delete'];
const SCREENS = [
  'statistics:store-popularity:query',
  'statistics:store-popularity:export',
  'statistics:all-stores:query',
  'statistics:all-stores:export',
  'counting:walk-in:query',
  'counting:walk-in:export',
];

let mail: MailCatcher;
let t: TestApp;
let tenant: Awaited<ReturnType<typeof tenantIds>>;
let amsterdam: AnalyticsStore;
let kolkata: AnalyticsStore;
let stJohns: AnalyticsStore;

beforeAll(async () => {
  mail = await mailCatcher();
  t = await testApp({ SMTP_URL: mail.url });
  tenant = await tenantIds(t);
  // Tuesday 9 June 2026, 14:00 in Amsterdam.
  t.clock.setTo(new Date('2026-06-09T12:00:00Z'));
  amsterdam = await analyticsStore(t, { tenantId: tenant.northwind, timezone: 'Europe/Amsterdam', name: 'Amsterdam Kalverstraat' });
  kolkata = await analyticsStore(t, { tenantId: tenant.northwind, timezone: 'Asia/Kolkata', name: 'Kolkata Park Street' });
  stJohns = await analyticsStore(t, { tenantId: tenant.northwind, timezone: 'America/St_Johns', name: 'St John’s Water Street' });
  // Monday in Amsterdam: 2 persons, 3 walk-ins; Tuesday: 3 persons, 4 walk-ins.
  for (const sent of [
    await presence(amsterdam, 0, '2026-06-08T08:00:00Z', [2_000, 30_000]),
    await entrance(amsterdam, '2026-06-08T07:30:00Z', 3, 1),
    await presence(amsterdam, 0, '2026-06-09T09:00:00Z', [1_000, 70_000]),
    await presence(amsterdam, 1, '2026-06-09T09:30:00Z', [8_000]),
    await entrance(amsterdam, '2026-06-09T08:00:00Z', 4, 2),
  ])
    expect(sent.stored).toBe(1);
});
// Each test's subscriptions end with it: the next test's runs deliver only its own.
afterEach(() => t.ctx.db.delete(reportSubscriptions));
afterAll(async () => {
  await t.close();
  await mail.close();
});

const mailsTo = (address: string) => mail.received.filter((m) => m.to === address);
const local = (date: string, time: string, store: AnalyticsStore) => instantAt(date, time, store.timezone);

/** Runs the delivery job through the job runner, as the schedule would, and waits for it. */
async function runJob(app: TestApp = t) {
  const runId = await app.jobs.runNow('analytics/report-delivery', 'test');
  for (let ticks = 0; ticks < 20; ticks++) {
    await app.jobs.tick();
    const [run] = await app.ctx.db.select().from(jobRuns).where(eq(jobRuns.id, runId));
    if (run!.status === 'queued' || run!.status === 'running') continue;
    expect(run!.status).toBe('succeeded');
    return run!.result;
  }
  throw new Error('the delivery job did not run');
}

async function subscribe(client: ApiClient, body: SubscriptionCreate) {
  const res = await client.send(subscriptionApi.create, body);
  expect(res.code).toBe(200);
  return res.data;
}
const deliveries = (subscriptionId: number) =>
  t.ctx.db.select().from(reportDeliveries).where(eq(reportDeliveries.subscriptionId, subscriptionId)).orderBy(reportDeliveries.periodStart);

describe('reports by e-mail', () => {
  test('a daily report reaches the subscriber over SMTP at 07:00 in the store’s zone, its figures and workbook those of the screens', async () => {
    const { client: subscriber } = await staffMember(t, {
      username: 'carla',
      tenantId: tenant.northwind,
      email: 'carla@example.com',
      nickname: 'Carla',
      permissions: [...SUBSCRIBE, ...SCREENS],
    });
    const subscription = await subscribe(subscriber, { frequency: 'daily', scope: 'store', storeIds: [amsterdam.store.id], language: 'en-US', enabled: true });

    // 06:50 in Amsterdam the next morning: Tuesday is closed, but its report is not due yet.
    t.clock.setTo(local('2026-06-10', '06:50', amsterdam));
    expect(await runJob()).toEqual({ sent: 0, skipped: 0, failed: 0 });
    t.clock.setTo(local('2026-06-10', '07:05', amsterdam));
    expect(await runJob()).toEqual({ sent: 1, skipped: 0, failed: 0 });

    const [report] = mailsTo('carla@example.com') as [ReceivedMail];
    expect(report.subject).toBe('Daily report: Amsterdam Kalverstraat, Tuesday, June 9, 2026');
    expect(report.messageId).toMatch(new RegExp(`^<report-${subscription.id}-daily-2026-06-09@`));

    // The key figures are the screens' answers for that day, against the day before (signed in again: a day has passed).
    const carla = await t.signIn('carla');
    const period = { kind: 'day' as const, date: '2026-06-09', compare: 'previous' as const };
    const popularity = (await carla.send(analyticsApi.storePopularity, { storeId: amsterdam.store.id, period, top: 20 })).data;
    const walkIns = (await carla.send(analyticsApi.walkIns, { storeId: amsterdam.store.id, period })).data;
    expect([popularity.totals.persons, popularity.comparison!.totals.persons, walkIns.totals.walkIns, walkIns.comparison!.totals.walkIns]).toEqual([
      3, 2, 4, 3,
    ]);
    expect(report.text).toContain('Hello Carla,');
    expect(report.text).toContain('Here are the key figures for Tuesday, June 9, 2026, each with its change against the day before (Monday, June 8, 2026).');
    expect(report.text).toContain('Persons: 3 (+50%; before: 2)');
    expect(report.text).toContain('Walk-ins: 4 (+33.3%; before: 3)');
    // (1 + 70 + 8) s over 3 persons against (2 + 30) s over 2.
    expect(report.text).toMatch(/Average dwell: 26\.3\s+sec \(\+64\.6%; before: 16\s+sec\)/);
    expect(report.text).toContain('Persons per open day: 3 (+50%; before: 2)');
    expect(report.html).toContain('<td style="padding:4px 8px">Amsterdam Kalverstraat</td>');

    // The workbook: the same columns and rows as the console's exports of that day.
    expect(report.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['report-2026-06-09.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ]);
    const sheets = await readWorkbook(report.attachments[0]!.content);
    const query = `period[kind]=day&period[date]=2026-06-09&period[compare]=previous`;
    const exported = async (path: string, extra: string) => readXlsx(await carla.raw('GET', `${path}?${query}&${extra}`));
    const withoutStore = (rows: unknown[][]) => rows.map((r) => r.slice(1));
    expect(withoutStore(sheets.Products!)).toEqual(await exported(analyticsApi.exportStorePopularity.path, `storeId=${amsterdam.store.id}&top=500`));
    expect(withoutStore(sheets['Walk-ins']!)).toEqual(await exported(analyticsApi.exportWalkIns.path, `storeId=${amsterdam.store.id}`));
    expect(sheets.Stores).toEqual(await exported(analyticsApi.exportStoreRanking.path, 'name=Amsterdam'));
    expect(sheets.Products!.slice(1).map((r) => [r[0], r[4]])).toEqual([
      ['Amsterdam Kalverstraat', 2],
      ['Amsterdam Kalverstraat', 1],
      ['Amsterdam Kalverstraat', 0],
    ]);

    const listed = (await carla.send(subscriptionApi.page, { page: 1, limit: 10 })).data.list[0]!;
    expect(listed).toMatchObject({ lastPeriod: { from: '2026-06-09', to: '2026-06-09' }, lastSkip: null });
    expect(listed.lastSentAt).not.toBeNull();

    // Two servers running the job at once, again and again: the next day's report goes once.
    const sibling = await t.sibling();
    try {
      t.clock.setTo(local('2026-06-11', '07:05', amsterdam));
      sibling.clock.setTo(t.clock.now());
      const runs = await Promise.all([deliverReports(t.ctx), deliverReports(sibling.ctx), deliverReports(t.ctx), deliverReports(sibling.ctx)]);
      expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(1);
      await Promise.all([deliverReports(t.ctx), deliverReports(sibling.ctx)]);
      expect(mailsTo('carla@example.com').map((m) => m.attachments[0]!.filename)).toEqual(['report-2026-06-09.xlsx', 'report-2026-06-10.xlsx']);
      expect((await deliveries(subscription.id)).map((d) => [d.periodStart, d.status])).toEqual([
        ['2026-06-09', 'sent'],
        ['2026-06-10', 'sent'],
      ]);
    } finally {
      await sibling.close();
    }
  });

  test('a server started after days without one sends what was missed, oldest first, at most the catch-up limit', async () => {
    t.clock.setTo(local('2026-06-11', '12:00', amsterdam));
    const { client: dirk } = await staffMember(t, {
      username: 'dirk',
      tenantId: tenant.northwind,
      email: 'dirk@example.com',
      permissions: [...SUBSCRIBE, ...SCREENS],
    });
    await subscribe(dirk, { frequency: 'daily', scope: 'store', storeIds: [amsterdam.store.id], language: 'de-DE', enabled: true });

    // No server ran from Thursday to Sunday morning; then one starts and its job runs.
    t.clock.setTo(local('2026-06-14', '07:05', amsterdam));
    const restarted = await t.sibling();
    try {
      restarted.clock.setTo(t.clock.now());
      expect(await runJob(restarted)).toMatchObject({ sent: 3 });
      expect(mailsTo('dirk@example.com').map((m) => m.subject)).toEqual([
        'Tagesbericht: Amsterdam Kalverstraat, Donnerstag, 11. Juni 2026',
        'Tagesbericht: Amsterdam Kalverstraat, Freitag, 12. Juni 2026',
        'Tagesbericht: Amsterdam Kalverstraat, Samstag, 13. Juni 2026',
      ]);

      // Eleven days more: the latest seven, oldest first.
      t.clock.setTo(local('2026-06-25', '07:05', amsterdam));
      restarted.clock.setTo(t.clock.now());
      expect(await runJob(restarted)).toMatchObject({ sent: 7 });
      expect(
        mailsTo('dirk@example.com')
          .slice(3)
          .map((m) => m.attachments[0]!.filename),
      ).toEqual(['18', '19', '20', '21', '22', '23', '24'].map((day) => `report-2026-06-${day}.xlsx`));
      expect(await runJob(restarted)).toMatchObject({ sent: 0 });
    } finally {
      await restarted.close();
    }
  });

  test('a report on several stores goes at 07:00 in the platform’s report zone, once the day has closed in every store', async () => {
    await t.ctx.db.update(configs).set({ value: 'Asia/Kolkata' }).where(eq(configs.key, 'analytics.report-timezone'));
    try {
      t.clock.setTo(new Date('2026-06-25T12:00:00Z'));
      const { client: eva } = await staffMember(t, {
        username: 'eva',
        tenantId: tenant.northwind,
        email: 'eva@example.com',
        permissions: [...SUBSCRIBE, ...SCREENS],
      });
      await subscribe(eva, {
        frequency: 'daily',
        scope: 'stores',
        storeIds: [kolkata.store.id, stJohns.store.id],
        language: 'en-GB',
        enabled: true,
      });
      // 07:05 in Kolkata is still 25 June in St John's.
      t.clock.setTo(local('2026-06-26', '07:05', kolkata));
      expect(await deliverReports(t.ctx)).toMatchObject({ sent: 0 });
      t.clock.setTo(local('2026-06-26', '00:05', stJohns));
      expect(await deliverReports(t.ctx)).toMatchObject({ sent: 1 });
      const [report] = mailsTo('eva@example.com') as [ReceivedMail];
      expect(report.subject).toBe('Daily report: 2 stores, Thursday, 25 June 2026');
      expect(report.text).toMatch(/^Kolkata Park Street$/m);
      expect(report.text).toMatch(/^St John’s Water Street$/m);
      expect(report.text).toMatch(/^Total\n {2}People: 0 \(—; previously 0\)$/m);
      const sheets = await readWorkbook(report.attachments[0]!.content);
      expect(sheets.Stores!.slice(1).map((r) => r[1])).toEqual(['Kolkata Park Street', 'St John’s Water Street']);
    } finally {
      await t.ctx.db.update(configs).set({ value: 'UTC' }).where(eq(configs.key, 'analytics.report-timezone'));
    }
  });

  test('a store the subscriber no longer sees drops out; with none left the report is skipped, saying why, and no mail goes', async () => {
    t.clock.setTo(new Date('2026-06-26T12:00:00Z'));
    const { client } = await staffMember(t, {
      username: 'finn',
      tenantId: tenant.northwind,
      email: 'finn@example.com',
      permissions: [...SUBSCRIBE, ...SCREENS],
    });
    await subscribe(client, {
      frequency: 'daily',
      scope: 'stores',
      storeIds: [amsterdam.store.id, kolkata.store.id],
      language: 'en-US',
      enabled: true,
    });
    const moveTo = (tenantId: number, ...ids: number[]) => t.ctx.db.update(stores).set({ tenantId }).where(inArray(stores.id, ids));
    try {
      // Kolkata goes to the platform: no longer the agent's.
      await moveTo(tenant.platform, kolkata.store.id);
      t.clock.setTo(new Date('2026-06-27T07:05:00Z'));
      expect(await deliverReports(t.ctx)).toMatchObject({ sent: 1 });
      expect(mailsTo('finn@example.com').map((m) => m.subject)).toEqual(['Daily report: Amsterdam Kalverstraat, Friday, June 26, 2026']);

      await moveTo(tenant.platform, amsterdam.store.id);
      t.clock.setTo(new Date('2026-06-28T07:05:00Z'));
      expect(await deliverReports(t.ctx)).toMatchObject({ sent: 0, skipped: 1 });
      expect(mailsTo('finn@example.com')).toHaveLength(1);
      const listed = (await (await t.signIn('finn')).send(subscriptionApi.page, { page: 1, limit: 10 })).data.list[0]!;
      expect(listed).toMatchObject({
        stores: [],
        lastPeriod: { from: '2026-06-26', to: '2026-06-26' },
        lastSkip: { period: { from: '2026-06-27', to: '2026-06-27' }, reason: 'no-stores' },
      });
    } finally {
      await moveTo(tenant.northwind, amsterdam.store.id, kolkata.store.id);
    }
  });

  test('a period held by a server that died goes out from another once the claim has lapsed; a refusing mail server is tried again', async () => {
    t.clock.setTo(new Date('2026-06-29T12:00:00Z'));
    const { client } = await staffMember(t, { username: 'jan', tenantId: tenant.northwind, email: 'jan@example.com', permissions: [...SUBSCRIBE, ...SCREENS] });
    const subscription = await subscribe(client, { frequency: 'daily', scope: 'store', storeIds: [amsterdam.store.id], language: 'en-US', enabled: true });
    // A server claimed Monday's report at 07:05 and died before it sent anything.
    const claimedAt = local('2026-06-30', '07:05', amsterdam);
    await t.ctx.db
      .insert(reportDeliveries)
      .values({ subscriptionId: subscription.id, frequency: 'daily', periodStart: '2026-06-29', status: 'sending', claimedAt });
    t.clock.setTo(new Date(claimedAt.getTime() + 15 * 60_000));
    expect(await deliverReports(t.ctx)).toMatchObject({ sent: 0 });
    t.clock.setTo(new Date(claimedAt.getTime() + 31 * 60_000));
    expect(await deliverReports(t.ctx)).toMatchObject({ sent: 1 });
    expect(mailsTo('jan@example.com').map((m) => m.attachments[0]!.filename)).toEqual(['report-2026-06-29.xlsx']);

    // Tuesday's report meets a mail server that refuses it, then one that takes it.
    const refusing = await t.sibling({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      t.clock.setTo(local('2026-07-01', '07:05', amsterdam));
      refusing.clock.setTo(t.clock.now());
      expect(await deliverReports(refusing.ctx)).toMatchObject({ sent: 0, failed: 1 });
      expect((await deliveries(subscription.id)).at(-1)).toMatchObject({ periodStart: '2026-06-30', status: 'failed', reason: 'send-failed', attempts: 1 });
    } finally {
      await refusing.close();
    }
    expect(await deliverReports(t.ctx)).toMatchObject({ sent: 1, failed: 0 });
    expect((await deliveries(subscription.id)).map((d) => [d.periodStart, d.status, d.attempts])).toEqual([
      ['2026-06-29', 'sent', 2],
      ['2026-06-30', 'sent', 2],
    ]);
  });

  test('a report holds only what the subscriber’s screens show: no walk-ins or ranking without theirs, nothing without store popularity', async () => {
    t.clock.setTo(new Date('2026-06-09T12:00:00Z'));
    const { client: popularOnly } = await staffMember(t, {
      username: 'pia',
      tenantId: tenant.northwind,
      email: 'pia@example.com',
      permissions: [...SUBSCRIBE, 'statistics:store-popularity:query'],
    });
    const { client: walkInsOnly } = await staffMember(t, {
      username: 'wim',
      tenantId: tenant.northwind,
      email: 'wim@example.com',
      permissions: [...SUBSCRIBE, 'counting:walk-in:query'],
    });
    const body: SubscriptionCreate = { frequency: 'daily', scope: 'store', storeIds: [amsterdam.store.id], language: 'en-US', enabled: true };
    await subscribe(popularOnly, body);
    const wims = await subscribe(walkInsOnly, body);

    t.clock.setTo(local('2026-06-10', '07:05', amsterdam));
    expect(await deliverReports(t.ctx)).toMatchObject({ sent: 1, skipped: 1 });
    const [report] = mailsTo('pia@example.com') as [ReceivedMail];
    expect(report.text).toContain('Persons: 3');
    expect(report.text).not.toContain('Walk-ins');
    expect(Object.keys(await readWorkbook(report.attachments[0]!.content))).toEqual(['Products']);
    expect(mailsTo('wim@example.com')).toEqual([]);
    expect((await deliveries(wims.id)).map((d) => [d.periodStart, d.status, d.reason])).toEqual([['2026-06-09', 'skipped', 'no-permission']]);
  });

  test('a role without the subscription permission, a disabled account or a deleted one stops the reports', async () => {
    t.clock.setTo(new Date('2026-07-01T12:00:00Z'));
    const subscriber = async (username: string) => {
      const { id, client } = await staffMember(t, {
        username,
        tenantId: tenant.northwind,
        email: `${username}@example.com`,
        permissions: [...SUBSCRIBE, ...SCREENS],
      });
      return { id, subscription: await subscribe(client, { frequency: 'daily', scope: 'all', storeIds: [], language: 'fr-FR', enabled: true }) };
    };
    const gina = await subscriber('gina');
    const hugo = await subscriber('hugo');
    const ines = await subscriber('ines');
    // Gina's role loses the subscription screen; Hugo is disabled; Ines is deleted.
    const subscriptionMenus = t.ctx.db.select({ id: menus.id }).from(menus).where(inArray(menus.permission, SUBSCRIBE));
    const ginasRoles = t.ctx.db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, gina.id));
    await t.ctx.db.delete(roleMenus).where(and(inArray(roleMenus.roleId, ginasRoles), inArray(roleMenus.menuId, subscriptionMenus)));
    await t.ctx.db.update(users).set({ status: 1 }).where(eq(users.id, hugo.id));
    await t.ctx.db.delete(users).where(eq(users.id, ines.id));

    t.clock.setTo(new Date('2026-07-02T07:05:00Z'));
    expect(await deliverReports(t.ctx)).toMatchObject({ sent: 0, skipped: 2 });
    for (const username of ['gina', 'hugo', 'ines']) expect(mailsTo(`${username}@example.com`)).toEqual([]);
    expect((await deliveries(gina.subscription.id)).map((d) => [d.periodStart, d.status, d.reason])).toEqual([['2026-07-01', 'skipped', 'no-permission']]);
    expect((await deliveries(hugo.subscription.id)).map((d) => [d.periodStart, d.status, d.reason])).toEqual([['2026-07-01', 'skipped', 'account-disabled']]);
    expect(await deliveries(ines.subscription.id)).toEqual([]);
  });
});
