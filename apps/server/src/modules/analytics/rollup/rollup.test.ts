import { DWELL_LONG_MS, DWELL_SHORT_MS, type Report } from '@lightdesk/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seeded } from '../../../lib/random';
import { rowsOf } from '../../../lib/sql';
import { analyticsStore, type AnalyticsStore } from '../../../test/analytics';
import { tenantIds } from '../../../test/stores';
import { testApp, type TestApp } from '../../../test/test-app';
import { localClock } from '../queries/period';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
  // The reports are dated in 2026: the server's clock runs on from just after them, so they stay
  // inside the 365 days raw reports are kept (and none is ahead of it) whenever the test runs.
  t.clock.setTo(new Date('2026-12-01T00:00:00Z'));
});
afterAll(() => t.close());

/** Half-hour and odd offsets, and both hemispheres' daylight-saving changes. */
const ZONES = ['Asia/Kolkata', 'America/St_Johns', 'Europe/Berlin', 'America/New_York', 'Australia/Sydney'];
/** Instants around daylight-saving changes of 2026 (UTC). */
const AROUND = ['2026-03-08T07:00:00Z', '2026-03-29T01:00:00Z', '2026-04-05T16:00:00Z', '2026-10-25T01:00:00Z', '2026-11-01T06:00:00Z', '2026-11-22T18:15:00Z'];

async function storesInZones() {
  const { northwind } = await tenantIds(t);
  return Promise.all(ZONES.map((timezone) => analyticsStore(t, { tenantId: northwind, timezone })));
}
type ZoneStore = AnalyticsStore;

/** Grid sizes a heatmap sensor sends, mixed: after a firmware or setting change, or a stray frame. */
const GRIDS = [
  [3, 2],
  [8, 8],
  [10, 10],
  [2, 5],
] as const;
/** A heatmap rollup keeps a sensor's grids of each size apart: the size is part of their key. */
const gridKey = (width: number, height: number) => `${width}x${height}`;

/**
 * Random reports of every analytics kind at random times around the changes, now and then under
 * an earlier report's message id: a resend at another time with other counts.
 */
function randomReports(store: ZoneStore, random: () => number, count: number): Report[] {
  const reports: Report[] = [];
  for (let n = 0; n < count; n++) {
    const base = Date.parse(AROUND[Math.floor(random() * AROUND.length)]!);
    // Now and then seconds either side of a quarter hour: reports are summed per device and
    // quarter hour (or minute) before they are bucketed, and that must never cross an hour.
    const offset =
      random() < 0.3 ? Math.round((random() - 0.5) * 24) * 900_000 + Math.round((random() - 0.5) * 20_000) : Math.round((random() - 0.5) * 6 * 3_600_000);
    const at = new Date(base + offset).toISOString();
    const id = n > 0 && random() < 0.1 ? reports[Math.floor(random() * n)]!.id : `r${store.store.id}-${n}`;
    // Intervals of a minute, a quarter, an hour, any length up to two hours, or a whole day.
    const seconds = [60, 60, 900, 3600, 1 + Math.floor(random() * 7200), 86_400][Math.floor(random() * (random() < 0.05 ? 6 : 5))]!;
    const pick = random();
    if (pick < 0.45) {
      const dwellMs = Array.from({ length: Math.floor(random() * 6) }, () =>
        // Exactly on the bucket edges now and then.
        random() < 0.2 ? [DWELL_SHORT_MS, DWELL_LONG_MS, DWELL_SHORT_MS - 1, DWELL_LONG_MS + 1][Math.floor(random() * 4)]! : Math.floor(random() * 150_000),
      );
      // Now and then about a device that is no product: a sensor, or the gateway itself.
      const subjects = [...store.luminaires, ...store.luminaires, ...store.luminaires, store.zone, store.gatewayRow];
      reports.push({ id, at, device: subjects[Math.floor(random() * subjects.length)]!.uuid, kind: 'presence', seconds, dwellMs });
    } else if (pick < 0.7) {
      reports.push({ id, at, device: store.counter.uuid, kind: 'entrance', seconds, in: Math.floor(random() * 80), out: Math.floor(random() * 80) });
    } else if (pick < 0.85) {
      reports.push({ id, at, device: store.zone.uuid, kind: 'zone', people: Math.floor(random() * 30) });
    } else {
      const [width, height] = GRIDS[Math.floor(random() * GRIDS.length)]!;
      reports.push({
        id,
        at,
        device: store.heatmap.uuid,
        kind: 'heatmap',
        width,
        height,
        cells: Array.from({ length: width * height }, () => Math.floor(random() * 5)),
      });
    }
  }
  return reports;
}

/** The store's local hour and date of an instant, worked out with the runtime's time-zone data rather than the database's. */
const localHourOf = (at: string, timezone: string) => {
  const clock = localClock(new Date(at), timezone);
  return { hour: `${clock.date}T${clock.time.slice(0, 2)}:00:00`, date: clock.date };
};

type Sums = Record<string, number[]>;
const add = (sums: Sums, key: string, values: number[]) => {
  const before = sums[key] ?? values.map(() => 0);
  sums[key] = before.map((v, i) => v + values[i]!);
};

/**
 * An interval report's counts, minute by minute over the interval it covers (which ends at its
 * time): each minute's share is the running total rounded at the minute's end less that at its
 * start, so the shares are whole and add up to the count.
 */
function byMinute(r: Report & { seconds: number }): { minute: number; share: (count: number) => number }[] {
  const end = Date.parse(r.at);
  const start = end - r.seconds * 1000;
  const runningTotal = (count: number, t: number) => Math.round((count * (t - start)) / (end - start));
  const minutes = [];
  for (let minute = Math.floor(start / 60_000) * 60_000; minute < end; minute += 60_000) {
    const [from, to] = [Math.max(minute, start), Math.min(minute + 60_000, end)];
    minutes.push({ minute, share: (count: number) => runningTotal(count, to) - runningTotal(count, from) });
  }
  return minutes;
}

/** What the rollups must hold, recomputed from the reports the server took and nothing else. */
function recompute(store: ZoneStore, reports: Report[]) {
  const device: Sums = {};
  const deviceDay: Sums = {};
  const storeHour: Sums = {};
  const storeDay: Sums = {};
  const minute: Sums = {};
  const zone: Record<string, [number, number]> = {};
  const heat: Sums = {};
  const heatDay: Sums = {};
  const all = [...store.luminaires, store.counter, store.zone, store.heatmap, store.gatewayRow];
  // Intervals overlap: each minute's local hour is worked out once.
  const localHours = new Map<number, ReturnType<typeof localHourOf>>();
  const localHourOfMinute = (m: number) => localHours.get(m) ?? localHours.set(m, localHourOf(new Date(m).toISOString(), store.timezone)).get(m)!;
  const subject = (uuid: string) => all.find((d) => d.uuid === uuid)!;
  for (const r of reports) {
    const { hour, date } = localHourOf(r.at, store.timezone);
    const { id: d, kind } = subject(r.device);
    // People under a luminaire are its product's; a sensor's or the gateway's count nowhere.
    if (r.kind === 'presence' && kind !== 'luminaire') continue;
    if (r.kind === 'presence' || r.kind === 'entrance') {
      const whole =
        r.kind === 'presence'
          ? [
              r.dwellMs.filter((ms) => ms < DWELL_SHORT_MS).length,
              r.dwellMs.filter((ms) => ms >= DWELL_SHORT_MS && ms <= DWELL_LONG_MS).length,
              r.dwellMs.filter((ms) => ms > DWELL_LONG_MS).length,
              r.dwellMs.reduce((a, b) => a + b, 0),
              0,
              0,
            ]
          : [0, 0, 0, 0, r.in, r.out];
      for (const { minute: m, share } of byMinute(r)) {
        const figures = whole.map(share);
        // A minute's persons are its dwell buckets' shares together.
        figures.unshift(figures[0]! + figures[1]! + figures[2]!);
        const local = localHourOfMinute(m);
        add(device, `${d} ${local.hour}`, figures);
        add(deviceDay, `${d} ${local.date}`, figures);
        add(storeHour, local.hour, figures);
        add(storeDay, local.date, figures);
        add(minute, new Date(m).toISOString(), figures);
      }
    }
    if (r.kind === 'zone') {
      const [max, min] = zone[`${d} ${hour}`] ?? [-Infinity, Infinity];
      zone[`${d} ${hour}`] = [Math.max(max, r.people), Math.min(min, r.people)];
    }
    if (r.kind === 'heatmap') {
      const grid = gridKey(r.width, r.height);
      add(heat, `${d} ${hour} ${grid}`, [1, ...r.cells]);
      add(heatDay, `${d} ${date} ${grid}`, [1, ...r.cells]);
    }
  }
  return { device, deviceDay, storeHour, storeDay, minute, zone, heat, heatDay };
}

const FIGURE_NAMES = ['persons', 'dwell_short', 'dwell_medium', 'dwell_long', 'dwell_ms', 'walk_ins', 'exits'];
const FIGURES = sql`persons, dwell_short, dwell_medium, dwell_long, dwell_ms, walk_ins, exits`;
/** A rollup row: its bucket as text `k`, its device if it has one, and its figures. */
type Row = { k: string; store_device_id: number } & Record<string, unknown>;
const asSums = (rows: Row[], key: (r: Row) => string, values: (r: Row) => number[]): Sums =>
  Object.fromEntries(rows.map((r) => [key(r), values(r).map(Number)]));
const figuresOf = (r: Row) => FIGURE_NAMES.map((f) => Number(r[f]));
const hourText = sql`to_char(local_hour, 'YYYY-MM-DD"T"HH24:MI:SS') as k`;

async function rollupsOf(storeId: number) {
  const q = (statement: ReturnType<typeof sql>) => rowsOf<Row>(t.ctx.db, statement);
  const where = sql`where store_id = ${storeId}`;
  return {
    device: asSums(
      await q(sql`select store_device_id, ${hourText}, ${FIGURES} from analytics_device_hourly ${where}`),
      (r) => `${r.store_device_id} ${r.k}`,
      figuresOf,
    ),
    deviceDay: asSums(
      await q(sql`select store_device_id, local_date::text as k, ${FIGURES} from analytics_device_daily ${where}`),
      (r) => `${r.store_device_id} ${r.k}`,
      figuresOf,
    ),
    storeHour: asSums(await q(sql`select ${hourText}, ${FIGURES} from analytics_store_hourly ${where}`), (r) => r.k, figuresOf),
    storeDay: asSums(await q(sql`select local_date::text as k, ${FIGURES} from analytics_store_daily ${where}`), (r) => r.k, figuresOf),
    minute: asSums(
      await q(sql`select minute, ${FIGURES} from analytics_store_minutely ${where}`),
      (r) => new Date(r.minute as string).toISOString(),
      figuresOf,
    ),
    zone: Object.fromEntries(
      (await q(sql`select store_device_id, ${hourText}, people_max, people_min from analytics_zone_hourly ${where}`)).map((r) => [
        `${r.store_device_id} ${r.k}`,
        [Number(r.people_max), Number(r.people_min)],
      ]),
    ),
    heat: asSums(
      await q(sql`select store_device_id, ${hourText}, width, height, frames, cells from analytics_heatmap_hourly ${where}`),
      (r) => `${r.store_device_id} ${r.k} ${gridKey(Number(r.width), Number(r.height))}`,
      (r) => [Number(r.frames), ...(r.cells as number[]).map(Number)],
    ),
    heatDay: asSums(
      await q(sql`select store_device_id, local_date::text as k, width, height, frames, cells from analytics_heatmap_daily ${where}`),
      (r) => `${r.store_device_id} ${r.k} ${gridKey(Number(r.width), Number(r.height))}`,
      (r) => [Number(r.frames), ...(r.cells as number[]).map(Number)],
    ),
  };
}

/** Where persons and dwell, and where walk-ins and exits, sit in a row's figures. */
const PEOPLE = [0, 1, 2, 3, 4];
const ENTRANCE = [5, 6];
const nonZero = (sums: Sums): Sums => Object.fromEntries(Object.entries(sums).filter(([, values]) => values.some((v) => v !== 0)));
/** Some of each bucket's figures, buckets where they are all zero left out. */
const only = (sums: Sums, figures: number[]) => nonZero(Object.fromEntries(Object.entries(sums).map(([k, v]) => [k, figures.map((f) => v[f]!)])));
/** Some of a per-device rollup's figures summed over the given devices, bucket by bucket. */
function overDevices(sums: Sums, devices: Set<number>, figures: number[]): Sums {
  const total: Sums = {};
  for (const [key, values] of Object.entries(sums)) {
    const [device, bucket] = key.split(' ');
    if (devices.has(Number(device)))
      add(
        total,
        bucket!,
        figures.map((f) => values[f]!),
      );
  }
  return nonZero(total);
}

/** A batch the server must refuse: the answer's status and what it names. */
async function refusal(store: ZoneStore, batch: Report[]) {
  const res = await store.gateway.request('POST', '/open/iot/report', { reports: batch });
  return { status: res.status, params: ((await res.json()) as { params?: Record<string, string> }).params };
}

describe('rollups', () => {
  test('equal a recomputation from the raw reports, in each store’s local hours and days, whatever the batches, resends and grid sizes', async () => {
    const all = await storesInZones();
    const seed = Date.now();
    const random = seeded('rollups', seed);
    for (const store of all) {
      const reports = randomReports(store, random, 400);
      const context = `${store.timezone}, seed ${seed}`;
      // What the server took: the first report of each message id of the gateway, in the order sent.
      const taken: Report[] = [];
      const seen = new Set<string>();
      // Random batches, and a third of them sent twice: a resent report adds nothing.
      for (let i = 0; i < reports.length;) {
        const size = 1 + Math.floor(random() * 120);
        const batch = reports.slice(i, i + size);
        i += size;
        if (random() < 0.15) {
          // One report dated more than 5 minutes ahead of the server's clock refuses the whole
          // batch, naming it: none of its reports counts, and none of its message ids is spent.
          const ahead = Math.floor(random() * batch.length);
          batch[ahead] = { ...batch[ahead]!, at: new Date(t.clock.now().getTime() + 6 * 60_000 + random() * 86_400_000).toISOString() };
          expect(await refusal(store, batch), context).toEqual({
            status: 400,
            params: { field: `reports[${ahead}].at`, reason: expect.stringMatching(/ahead of the server's clock/) as unknown },
          });
          continue;
        }
        const fresh = batch.filter((r) => {
          const first = !seen.has(r.id);
          seen.add(r.id);
          return first;
        });
        expect((await store.gateway.report(batch)).stored, context).toBe(fresh.length);
        taken.push(...fresh);
        if (random() < 0.33) expect((await store.gateway.report(batch)).stored, context).toBe(0);
      }
      // The raw reports, the truth the rollups come from, are exactly those taken.
      const byId = (a: Report, b: Report) => (a.id < b.id ? -1 : 1);
      const raw = await rowsOf<{ payload: Report }>(t.ctx.db, sql`select payload from device_reports where sender_id = ${store.device.id}`);
      expect(raw.map((r) => r.payload).sort(byId), context).toEqual([...taken].sort(byId));
      const expected = recompute(store, taken);
      const actual = await rollupsOf(store.store.id);
      expect(actual, context).toEqual(expected);
      // The store's people are its products' people, and its walk-ins its counter's, hour by hour and day by day.
      const luminaires = new Set(store.luminaires.map((l) => l.id));
      const counters = new Set([store.counter.id]);
      for (const [byDevice, byStore] of [
        [actual.device, actual.storeHour],
        [actual.deviceDay, actual.storeDay],
      ] as const) {
        expect(overDevices(byDevice, luminaires, PEOPLE), context).toEqual(only(byStore, PEOPLE));
        expect(overDevices(byDevice, counters, ENTRANCE), context).toEqual(only(byStore, ENTRANCE));
      }
    }
  });

  test('a report at 23:30 local belongs to that local day, even where that is already the next day in UTC', async () => {
    const [kolkata] = await storesInZones();
    // 23:30 in Kolkata (UTC+5:30) is 18:00 UTC the same day; 00:10 local the next day is 18:40 UTC.
    await kolkata!.gateway.report([
      { id: 'late', at: '2026-06-10T18:00:00Z', device: kolkata!.counter.uuid, kind: 'entrance', seconds: 60, in: 4, out: 1 },
      { id: 'early', at: '2026-06-10T18:40:00Z', device: kolkata!.counter.uuid, kind: 'entrance', seconds: 60, in: 2, out: 0 },
    ]);
    const days = await rowsOf<{ local_date: string; walk_ins: number }>(
      t.ctx.db,
      sql`select local_date::text, walk_ins from analytics_store_daily where store_id = ${kolkata!.store.id} order by local_date`,
    );
    expect(days).toEqual([
      { local_date: '2026-06-10', walk_ins: 4 },
      { local_date: '2026-06-11', walk_ins: 2 },
    ]);
    const hours = await rowsOf<{ h: string }>(
      t.ctx.db,
      sql`select to_char(local_hour, 'HH24:MI') as h from analytics_store_hourly where store_id = ${kolkata!.store.id} order by local_hour`,
    );
    expect(hours.map((h) => h.h)).toEqual(['23:00', '00:00']);
  });

  /** Some figures of a store's local hours (or of one device's), as `{ 'HH:MI': [figures…] }`. */
  const hourly = async (storeId: number, figures: string[], device?: number) => {
    const columns = sql.join(
      figures.map((f) => sql.identifier(f)),
      sql`, `,
    );
    const rows = await rowsOf<{ k: string; f: number[] }>(
      t.ctx.db,
      device === undefined
        ? sql`select to_char(local_hour, 'HH24:MI') as k, array[${columns}] as f from analytics_store_hourly where store_id = ${storeId}`
        : sql`select to_char(local_hour, 'HH24:MI') as k, array[${columns}] as f from analytics_device_hourly where store_device_id = ${device}`,
    );
    return Object.fromEntries(rows.map((r) => [r.k, r.f.map(Number)]));
  };

  test('an interval report counts toward the time it covers, split in proportion where it crosses an hour', async () => {
    const berlin = (await storesInZones())[2]!;
    const luminaire = berlin.luminaires[0]!;
    await berlin.gateway.report([
      // 10:50 to 11:10 in Berlin (UTC+1 in November): twenty walk-ins and six exits.
      { id: 'across', at: '2026-11-20T10:10:00Z', device: berlin.counter.uuid, kind: 'entrance', seconds: 1200, in: 20, out: 6 },
      // 10:45 to 11:15: four people of two seconds each.
      { id: 'seen', at: '2026-11-20T10:15:00Z', device: luminaire.uuid, kind: 'presence', seconds: 1800, dwellMs: [2000, 2000, 2000, 2000] },
    ]);
    expect(await hourly(berlin.store.id, ['walk_ins', 'exits', 'persons', 'dwell_short', 'dwell_ms'])).toEqual({
      '10:00': [10, 3, 2, 2, 4000],
      '11:00': [10, 3, 2, 2, 4000],
    });
    expect(await hourly(berlin.store.id, ['persons', 'dwell_ms'], luminaire.id)).toEqual({ '10:00': [2, 4000], '11:00': [2, 4000] });
    // Minute by minute: a walk-in in each of the twenty minutes, the exits spread over them.
    const minutes = await rowsOf<{ walk_ins: number; exits: number }>(
      t.ctx.db,
      sql`select walk_ins, exits from analytics_store_minutely
          where store_id = ${berlin.store.id} and minute >= '2026-11-20T09:50:00Z' and minute < '2026-11-20T10:10:00Z' order by minute`,
    );
    expect(minutes.map((m) => m.walk_ins)).toEqual(new Array(20).fill(1));
    expect(minutes.reduce((sum, m) => sum + m.exits, 0)).toBe(6);
  });

  test('an interval across a store’s midnight counts toward both days, at a half-hour offset too', async () => {
    const [kolkata] = await storesInZones();
    // 18:20 to 18:40 UTC is 23:50 to 00:10 in Kolkata (UTC+5:30).
    await kolkata!.gateway.report([
      { id: 'midnight', at: '2026-06-10T18:40:00Z', device: kolkata!.counter.uuid, kind: 'entrance', seconds: 1200, in: 20, out: 0 },
    ]);
    const days = await rowsOf<{ local_date: string; walk_ins: number }>(
      t.ctx.db,
      sql`select local_date::text, walk_ins from analytics_store_daily where store_id = ${kolkata!.store.id} order by local_date`,
    );
    expect(days).toEqual([
      { local_date: '2026-06-10', walk_ins: 10 },
      { local_date: '2026-06-11', walk_ins: 10 },
    ]);
    expect(await hourly(kolkata!.store.id, ['walk_ins'])).toEqual({ '23:00': [10], '00:00': [10] });
  });

  test('people seen by a sensor or by the gateway count toward no product and not toward the store', async () => {
    const berlin = (await storesInZones())[2]!;
    const seen = (device: string, persons: number): Report => ({
      id: `seen-${device}`,
      at: '2026-11-20T10:00:00Z',
      device,
      kind: 'presence',
      seconds: 60,
      dwellMs: new Array<number>(persons).fill(10_000),
    });
    await berlin.gateway.report([seen(berlin.luminaires[0]!.uuid, 3), seen(berlin.zone.uuid, 5), seen(berlin.gatewayRow.uuid, 7)]);
    expect(await hourly(berlin.store.id, ['persons', 'dwell_medium'])).toEqual({ '10:00': [3, 3] });
    const devices = await rowsOf<{ store_device_id: number; persons: number }>(
      t.ctx.db,
      sql`select store_device_id, persons from analytics_device_daily where store_id = ${berlin.store.id}`,
    );
    expect(devices).toEqual([{ store_device_id: berlin.luminaires[0]!.id, persons: 3 }]);
  });
});
