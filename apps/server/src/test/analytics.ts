import type { Report } from '@lightdesk/contract';
import { eq } from 'drizzle-orm';
import { storeDevices, stores } from '../modules/store/schema';
import { storeWithGateway } from './devices';
import type { TestApp } from './test-app';

let serial = 0;

/**
 * A store in a time zone with what its analytics come from: luminaires (the products under
 * them), an entrance counter, a zone sensor and a heatmap sensor, behind a gateway that reports
 * over HTTP.
 */
export async function analyticsStore(t: TestApp, options: { tenantId: number; timezone: string; luminaires?: number; name?: string }) {
  const s = await storeWithGateway(t, { tenantId: options.tenantId, luminaires: options.luminaires ?? 3 });
  await t.ctx.db
    .update(stores)
    .set({ timezone: options.timezone, ...(options.name && { name: options.name }) })
    .where(eq(stores.id, s.store.id));
  serial += 1;
  const [counter, zone, heatmap] = await t.ctx.db
    .insert(storeDevices)
    .values(
      ['Entrance counter', 'Fitting-room zone', 'Heatmap sensor'].map((name, j) => ({
        storeId: s.store.id,
        kind: 'sensor' as const,
        uuid: `S${serial}-${j}-${s.store.meshId}`,
        name,
        model: 'Muses',
      })),
    )
    .returning();
  return { ...s, timezone: options.timezone, counter: counter!, zone: zone!, heatmap: heatmap! };
}
export type AnalyticsStore = Awaited<ReturnType<typeof analyticsStore>>;

let reportSerial = 0;
/** A report without its id and time, of any kind. */
type ReportBody = Report extends infer R ? (R extends Report ? Omit<R, 'id' | 'at'> : never) : never;
/** Sends one report of the store's gateway, dated `at`. */
export const sendReport = (store: AnalyticsStore, at: string, body: ReportBody) => store.gateway.report([{ id: `r${++reportSerial}`, at, ...body }]);
/** People under one of the store's luminaires within a minute, with how long each stayed. */
export const presence = (store: AnalyticsStore, luminaire: number, at: string, dwellMs: number[]) =>
  sendReport(store, at, { device: store.luminaires[luminaire]!.uuid, kind: 'presence', seconds: 60, dwellMs });
/** So many people under one of the store's luminaires within a minute, two seconds each. */
export const people = (store: AnalyticsStore, at: string, count: number, luminaire = 0) => presence(store, luminaire, at, new Array<number>(count).fill(2_000));
/** Walk-ins and exits at the store's entrance counter within a minute. */
export const entrance = (store: AnalyticsStore, at: string, walkIns: number, exits: number) =>
  sendReport(store, at, { device: store.counter.uuid, kind: 'entrance', seconds: 60, in: walkIns, out: exits });
