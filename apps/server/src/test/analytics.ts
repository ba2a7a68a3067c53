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
