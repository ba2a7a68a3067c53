import { DictType, accountCancellationApi, appUserApi, feedbackApi, luminaireApi, gatewayApi, mobileDeviceApi, storeApi } from '@lightdesk/contract';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testApp, type ApiClient, type TestApp } from '../../../test/test-app';
import { DICTIONARIES } from '../../system/seed/dictionaries';
import { mailOutbox, storeDevices } from '../schema';

// The demo is made once per file: it signs fifty people up (password hashing) and installs
// hundreds of devices through the app's own functions.
let t: TestApp;
let admin: ApiClient;
let agent: ApiClient;
const logged: { msg: string }[] = [];
const logger = {
  level: 'info',
  stream: new Writable({ write: (chunk: Buffer, _enc, done) => (logged.push(JSON.parse(chunk.toString()) as { msg: string }), done()) }),
};
beforeAll(async () => {
  t = await testApp({}, { logger });
  await t.seedDemo();
  admin = await t.signIn('admin');
  agent = await t.signIn('agent');
}, 240_000);
afterAll(() => t.close());

describe('demo stores (LIGHTDESK_DEMO=1)', () => {
  test('the start stays short: one log line for the demo, not one per e-mail, and the e-mails are kept in the outbox', async () => {
    expect(logged.filter((l) => l.msg === 'Mail recorded in the outbox')).toEqual([]);
    expect(logged.filter((l) => l.msg.startsWith('demo stores made'))).toHaveLength(1);
    expect(await t.ctx.db.$count(mailOutbox)).toBe(20);
  });

  test('fifty app users and twenty stores in many time zones, six of them for the agent Northwind', async () => {
    expect((await admin.send(appUserApi.page, { limit: 1 })).data.total).toBe(50);
    const stores = (await admin.send(storeApi.page, { limit: 100 })).data.list;
    expect(stores).toHaveLength(20);
    expect(new Set(stores.map((s) => s.timezone))).toContain('Asia/Kolkata');
    expect(new Set(stores.map((s) => s.countryCode)).size).toBeGreaterThan(10);
    for (const s of stores) expect([s.memberCount, s.groupCount, s.deviceCount]).toEqual([2, 3, 34]);
    const theirs = (await agent.send(storeApi.page, { limit: 100 })).data.list;
    expect(theirs.map((s) => s.meshName).sort()).toEqual(
      ['Amsterdam Kalverstraat', 'Berlin Alexanderplatz', 'Brussels Nieuwstraat', 'Munich Marienplatz', 'Paris Rivoli', 'Rotterdam Lijnbaan'].sort(),
    );
  });

  test('each store: demo.user<i> administers it, demo.user<20+i> is a member, "Window" is empty, the history tells it', async () => {
    const [row] = (await admin.send(storeApi.page, { adminEmail: 'demo.user03@example.com' })).data.list;
    const store = (await admin.send(storeApi.get, { id: row!.id })).data;
    expect(store.members.map((m) => [m.email, m.role])).toEqual([
      ['demo.user03@example.com', 'admin'],
      ['demo.user23@example.com', 'member'],
    ]);
    expect(store.groups.map((g) => [g.groupName, g.luminaireCount])).toEqual([
      ['Entrance', 10],
      ['Shelves', 14],
      ['Window', 0],
    ]);
    expect(store.history.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['created', 'group-created', 'device-added', 'member-joined', 'assigned-to-agent']),
    );
  });

  test('every model the demo installs is a device model of the firmware type dictionary, so the console names it', async () => {
    const models = new Set(DICTIONARIES.find((d) => d.type === DictType.firmwareType)!.entries.map(([value]) => value));
    const installed = await t.ctx.db.selectDistinct({ model: storeDevices.model }).from(storeDevices);
    expect(installed.length).toBeGreaterThan(3);
    expect(installed.map((d) => d.model).filter((model) => !models.has(model))).toEqual([]);
  });

  test('devices, phones, feedback with pictures and a pending cancellation', async () => {
    expect((await admin.send(luminaireApi.page, { limit: 1 })).data.total).toBe(600);
    expect((await admin.send(gatewayApi.page, { limit: 1 })).data.total).toBe(80);
    expect((await admin.send(mobileDeviceApi.page, { limit: 1 })).data.total).toBe(20);
    const feedback = (await admin.send(feedbackApi.page, { limit: 100 })).data.list;
    expect(feedback).toHaveLength(15);
    expect(feedback.filter((f) => f.handledAt !== null)).toHaveLength(3);
    const withPicture = feedback.find((f) => f.email === 'demo.user05@example.com')!;
    const detail = (await admin.send(feedbackApi.get, { id: withPicture.id })).data;
    const picture = await fetch(new URL(detail.images[0]!, t.base));
    expect(picture.headers.get('content-type')).toBe('image/png');
    const cancellations = (await admin.send(accountCancellationApi.page, { accountKind: 'app-user' })).data.list;
    expect(cancellations.map((c) => [c.email, c.status])).toEqual([['demo.user50@example.com', 'pending']]);
  });

  test('a second start finds the demo and makes nothing twice', async () => {
    await t.seedDemo();
    expect((await admin.send(appUserApi.page, { limit: 1 })).data.total).toBe(50);
    expect((await admin.send(storeApi.page, { limit: 1 })).data.total).toBe(20);
  });
});
