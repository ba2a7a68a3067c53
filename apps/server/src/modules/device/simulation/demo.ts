import fs from 'node:fs';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { AppContext } from '../../../lib/context';
import { defineJob } from '../../../lib/jobs';
import { storeDevices, stores } from '../../store';
import { readPlatformSettings } from '../../system';
import { gatewayProductId, registerDevice } from '../directory';
import { ingestReports, onReportsStored } from '../ingest/ingest';
import { iotDevices } from '../schema';
import { localTime } from './rhythm';
import { storeReports } from './store-reports';
import { simulatedStores, type StoreWithGateway } from './stores';

const HOUR_MS = 3_600_000;
const MAX_BATCH = 500;
/** Where the demo gateways' credentials are written for `npm run simulate` (inside DATA_DIR, readable by its owner only). */
export const demoGatewaysFile = (ctx: AppContext) => path.join(ctx.config.dataDir, 'demo-gateways.json');

/**
 * The demo's gateways join the cloud: each demo store's gateway is registered, its credentials
 * written for the simulator, and days of history (LIGHTDESK_DEMO_HISTORY_DAYS, 60) queued to be played through the ingest.
 */
export async function seedDeviceDemo(ctx: AppContext): Promise<void> {
  const productId = await gatewayProductId(ctx.db);
  const unregistered = await ctx.db
    .select({ id: storeDevices.id, uuid: storeDevices.uuid, storeId: storeDevices.storeId })
    .from(storeDevices)
    .leftJoin(iotDevices, eq(iotDevices.storeDeviceId, storeDevices.id))
    .where(and(eq(storeDevices.kind, 'gateway'), isNull(iotDevices.id)));
  if (unregistered.length === 0) return;
  for (const gateway of unregistered) {
    const [store] = await ctx.db.select({ tenantId: stores.tenantId }).from(stores).where(eq(stores.id, gateway.storeId));
    await registerDevice(ctx.db, { productId, deviceName: gateway.uuid, tenantId: store!.tenantId, storeId: gateway.storeId, storeDeviceId: gateway.id });
  }
  const all = await simulatedStores(ctx.db);
  const credentials = all.map(({ sender, ...store }) => ({ ...store, productKey: sender.productKey, deviceSecret: sender.secret }));
  fs.mkdirSync(ctx.config.dataDir, { recursive: true });
  fs.writeFileSync(demoGatewaysFile(ctx), JSON.stringify({ server: 'written by the demo seed', gateways: credentials }, null, 2), { mode: 0o600 });
  if (ctx.config.demoHistoryDays > 0) await ctx.jobs.enqueue(demoHistoryJob.name, { days: ctx.config.demoHistoryDays });
}

/** Plays `reports` for a store through the ingest in batches the ingest accepts. */
async function play(ctx: AppContext, store: StoreWithGateway, reports: ReturnType<typeof storeReports>) {
  for (let i = 0; i < reports.length; i += MAX_BATCH) await ingestReports(ctx.db, store.sender, reports.slice(i, i + MAX_BATCH), ctx.clock.now());
}

/** When the store's local hour at `at` began: at a half or quarter hour in UTC where its offset has one. */
function localHourStart(at: number, timezone: string): number {
  const minute = Math.floor(at / 60_000) * 60_000;
  return minute - Math.round((localTime(new Date(minute), timezone).hour % 1) * 60) * 60_000;
}

/**
 * The demo stores' history, newest day first so today's figures fill first: a report of every
 * store for each of its local hours, dated at the hour's end (an interval report counts toward
 * the time it covers, so an hour of the store's own shows its opening hours as they are), through
 * the same ingest as live reports. Replaying a day stores nothing twice.
 * The ingest refuses reports older than the retention period, so the history goes back a day
 * less than that at most: its oldest hour stays inside however long the job runs.
 */
export const demoHistoryJob = defineJob<{ days: number }>({
  name: 'device/demo-history',
  counts: ['reports', 'days'],
  timeoutSeconds: 3600,
  run: async ({ ctx, payload, signal }) => {
    const played = await simulatedStores(ctx.db);
    const { dataRetentionDays } = await readPlatformSettings(ctx.db);
    const days = Math.min(payload.days, dataRetentionDays - 1);
    const now = ctx.clock.now().getTime();
    let reports = 0;
    for (let day = 0; day < days; day++) {
      for (const store of played) {
        const lastHour = localHourStart(now, store.timezone);
        const batch = [];
        for (let h = 0; h < 24; h++) {
          const from = lastHour - (day * 24 + h + 1) * HOUR_MS;
          batch.push(...storeReports(store, new Date(from), 3600, 'demo'));
        }
        signal.throwIfAborted();
        await play(ctx, store, batch);
        reports += batch.length;
      }
    }
    return { reports, days };
  },
});

/**
 * Gateways a simulator outside the server is driving (it sends its own message ids), with when it
 * last did, per database: servers sharing a process each keep their own.
 */
const drivenFromOutside = new WeakMap<Database, Map<number, number>>();
const drivenIn = (db: Database) => drivenFromOutside.get(db) ?? drivenFromOutside.set(db, new Map()).get(db)!;
onReportsStored((_tx, stored, db) => {
  for (const report of stored) if (!report.report.id.startsWith('demo-')) drivenIn(db).set(report.senderId, Date.now());
  return Promise.resolve();
});

/**
 * Keeps the demo live while the server runs with demo data: every minute each demo store's
 * gateway reports the last minute, unless `npm run simulate` drives it. Now and then one store's
 * gateway stays silent for a few minutes, so a newcomer sees devices go offline and come back.
 */
export const demoLiveJob = defineJob({
  name: 'device/demo-live',
  counts: ['stores'],
  schedule: { everyMinutes: 1 },
  run: async ({ ctx }) => {
    if (!ctx.config.demo) return { stores: 0 };
    const now = ctx.clock.now();
    const minute = Math.floor(now.getTime() / 60_000);
    const hour = Math.floor(minute / 60);
    const live = await simulatedStores(ctx.db);
    let played = 0;
    for (const [i, store] of live.entries()) {
      if (Date.now() - (drivenIn(ctx.db).get(store.sender.id) ?? 0) < 5 * 60_000) continue;
      const silent = hour % live.length === i && minute % 60 < 8;
      if (silent) continue;
      await play(ctx, store, storeReports(store, new Date((minute - 1) * 60_000), 60, 'demo'));
      played++;
    }
    return { stores: played };
  },
});
