import { analyticsApi, type Report } from '@lightdesk/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { analyticsStore, type AnalyticsStore } from '../../../test/analytics';
import { tenantIds } from '../../../test/stores';
import { testApp, type ApiClient, type TestApp } from '../../../test/test-app';
import { MqttGateway } from '../gateway/mqtt-gateway';
import { freePort } from '../mqtt/test-broker';
import { deviceReports } from '../schema';

let t: TestApp;
let admin: ApiClient;
let mqttUrl: string;
let platform: number;
let noon: number;
const gateways: MqttGateway[] = [];

beforeAll(async () => {
  const port = await freePort();
  mqttUrl = `mqtt://127.0.0.1:${port}`;
  t = await testApp({ MQTT_PORT: String(port) });
  // Midday UTC: the reports a test dates hours back fall on the same local day in Paris.
  noon = Date.parse(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`);
  t.clock.setTo(new Date(noon));
  await t.connections.start();
  admin = await t.signIn('admin');
  platform = (await tenantIds(t)).platform;
});
afterAll(async () => {
  for (const g of gateways) await g.close();
  await t?.connections.stop();
  await t?.close();
});

const store = () => analyticsStore(t, { tenantId: platform, timezone: 'Europe/Paris', luminaires: 1 });
const overMqtt = async (s: AnalyticsStore) => {
  const g = await MqttGateway.connect(mqttUrl, s.device.productKey, s.device.deviceName, s.device.secret, { will: false });
  gateways.push(g);
  return g;
};
const hoursAgo = (hours: number) => new Date(noon - hours * 3_600_000).toISOString();
let serial = 0;
/** People seen under the store's luminaire, one dwell time each. */
const presence = (s: AnalyticsStore, at: string, dwellMs: number[], id = `r${++serial}`): Extract<Report, { kind: 'presence' }> => ({
  id,
  at,
  device: s.luminaires[0]!.uuid,
  kind: 'presence',
  seconds: 60,
  dwellMs,
});
/** The store's reports as stored: message id and time. */
const storedOf = async (s: AnalyticsStore) =>
  (
    await t.ctx.db
      .select({ id: deviceReports.messageId, at: deviceReports.reportedAt })
      .from(deviceReports)
      .where(eq(deviceReports.senderId, s.device.id))
      .orderBy(asc(deviceReports.reportedAt), asc(deviceReports.messageId))
  ).map((r) => [r.id, r.at.toISOString()]);
/** The store's figures for the day: totals and the hours they fall in. */
const figuresOf = async (s: AnalyticsStore) => {
  const { data } = await admin.send(analyticsApi.storePopularity, {
    storeId: s.store.id,
    period: { kind: 'day', date: new Date(noon).toISOString().slice(0, 10) },
    top: 5,
  });
  return { totals: data.totals, trend: data.trend };
};

describe('a resend adds nothing, whatever time it carries', () => {
  test('over HTTP: the same message id again with another time is stored once and counted once', async () => {
    const s = await store();
    const sent = presence(s, hoursAgo(3), [2_000, 30_000]);
    expect(await s.gateway.report([sent])).toEqual({ stored: 1, duplicates: 0 });
    const figures = await figuresOf(s);
    expect(figures.totals.persons).toBe(2);

    expect(await s.gateway.report([{ ...sent, at: hoursAgo(1) }, presence(s, hoursAgo(1), [90_000])])).toEqual({ stored: 1, duplicates: 1 });
    expect(await s.gateway.report([{ ...sent, at: hoursAgo(2), dwellMs: [1_000] }])).toEqual({ stored: 0, duplicates: 1 });
    expect((await storedOf(s)).filter(([id]) => id === sent.id)).toEqual([[sent.id, sent.at]]);
    const after = await figuresOf(s);
    expect(after.totals.persons).toBe(3); // the new report's one person, nothing of the resends
    expect(after.trend.map((h, i) => h.persons - figures.trend[i]!.persons).filter((n) => n !== 0)).toEqual([1]);
  });

  test('over MQTT, and across transports: the same message id again with another time is stored once and counted once', async () => {
    const s = await store();
    const g = await overMqtt(s);
    const sent = presence(s, hoursAgo(4), [2_000, 30_000, 70_000]);
    await g.report([sent]);
    const figures = await figuresOf(s);
    expect(figures.totals.persons).toBe(3);

    await g.report([{ ...sent, at: hoursAgo(2) }]);
    await g.report([{ ...sent, at: hoursAgo(3), dwellMs: [5_000] }]);
    expect(await s.gateway.report([{ ...sent, at: hoursAgo(1) }])).toEqual({ stored: 0, duplicates: 1 });
    expect(await storedOf(s)).toEqual([[sent.id, sent.at]]);
    expect(await figuresOf(s)).toEqual(figures);
  });

  test('within one batch: the first report of a message id is stored, the others are duplicates', async () => {
    const s = await store();
    const first = presence(s, hoursAgo(3), [2_000]);
    const other = presence(s, hoursAgo(1), [2_000]);
    const batch = [first, { ...first, at: hoursAgo(2), dwellMs: [1_000, 1_000] }, other, { ...first }, { ...other, at: hoursAgo(1.5) }];
    expect(await s.gateway.report(batch)).toEqual({ stored: 2, duplicates: 3 });
    expect(await storedOf(s)).toEqual([
      [first.id, first.at],
      [other.id, other.at],
    ]);
    expect((await figuresOf(s)).totals.persons).toBe(2);

    const g = await overMqtt(s);
    const third = presence(s, hoursAgo(2.5), [3_000]);
    await g.report([third, { ...third, at: hoursAgo(0.5) }]);
    expect((await storedOf(s)).filter(([id]) => id === third.id)).toEqual([[third.id, third.at]]);
    expect((await figuresOf(s)).totals.persons).toBe(3);
  });

  test('batches carrying the same message ids at once, with other times, store each once', async () => {
    const s = await store();
    const reports = [1, 2, 3, 4].map((h) => presence(s, hoursAgo(h), [2_000]));
    const answers = await Promise.all([
      s.gateway.report(reports),
      s.gateway.report(reports.map((r) => ({ ...r, at: hoursAgo(0.5) })).reverse()),
      s.gateway.report(reports.map((r) => ({ ...r, at: hoursAgo(5) }))),
    ]);
    expect(answers.reduce((sum, a) => sum + a.stored, 0)).toBe(4);
    expect((await storedOf(s)).map(([id]) => id).sort()).toEqual(reports.map((r) => r.id).sort());
    expect((await figuresOf(s)).totals.persons).toBe(4);
  });

  test("another device's report under the same message id is its own, and stored", async () => {
    const [a, b] = [await store(), await store()];
    const id = `shared-${++serial}`;
    expect(await a.gateway.report([presence(a, hoursAgo(2), [2_000], id)])).toEqual({ stored: 1, duplicates: 0 });
    expect(await b.gateway.report([presence(b, hoursAgo(1), [2_000, 2_000], id)])).toEqual({ stored: 1, duplicates: 0 });
    await (await overMqtt(b)).report([presence(b, hoursAgo(3), [2_000], id)]);
    expect(await storedOf(a)).toEqual([[id, hoursAgo(2)]]);
    expect(await storedOf(b)).toEqual([[id, hoursAgo(1)]]);
    expect([(await figuresOf(a)).totals.persons, (await figuresOf(b)).totals.persons]).toEqual([1, 2]);
  });
});
