import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../lib/context';
import { rowsOf } from '../../../lib/sql';
import { heatmapSensorPlacements, storeFloorPlans } from '../schema';

const PLAN = { width: 1200, height: 800 };

/**
 * A small shop drawn from above: walls with the entrance at the bottom left, two aisles of
 * shelves, a wall display and the checkout. No words, so it reads the same in every language.
 */
const DEMO_PLAN_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${PLAN.width} ${PLAN.height}" width="${PLAN.width}" height="${PLAN.height}">
<rect width="1200" height="800" fill="#f7f7f5"/>
<path d="M40 40H1160V760H330M180 760H40V40" fill="none" stroke="#595959" stroke-width="14"/>
<path d="M180 760l40-60M330 760l-40-60" stroke="#8c8c8c" stroke-width="4" stroke-dasharray="10 8"/>
<g fill="#d9d9d9" stroke="#8c8c8c" stroke-width="3">
<rect x="360" y="200" width="520" height="70" rx="6"/>
<rect x="360" y="420" width="520" height="70" rx="6"/>
<rect x="60" y="60" width="1080" height="60" rx="6"/>
<rect x="1040" y="200" width="100" height="420" rx="6"/>
</g>
<rect x="120" y="480" width="160" height="90" rx="8" fill="#bfbfbf" stroke="#595959" stroke-width="3"/>
</svg>`;

/**
 * Gives every demo store with heatmap sensors a floor plan with its sensors aligned on it, as a
 * store's admin would in the app, so the store heatmap shows people over the plan from the start.
 */
export async function seedFloorPlanDemo(ctx: AppContext): Promise<void> {
  const sensors = await rowsOf<{ storeDeviceId: number; storeId: number; tenantId: number; adminId: number | null }>(
    ctx.db,
    sql`select d.id as "storeDeviceId", s.id as "storeId", s.tenant_id as "tenantId",
               (select m.app_user_id from store_members m where m.store_id = s.id and m.role = 'admin' limit 1) as "adminId"
        from store_devices d join stores s on s.id = d.store_id
        where d.kind = 'sensor' and lower(d.name) like '%heatmap%'
          and not exists (select 1 from store_floor_plans p where p.store_id = s.id)
        order by d.id`,
  );
  const placed = sensors.filter((s): s is typeof s & { adminId: number } => s.adminId !== null);
  if (placed.length === 0) return;
  const [uploader] = await rowsOf<{ id: number }>(ctx.db, sql`select id from users where username = 'admin'`);
  if (!uploader) return;
  const file = await ctx.files.storage.put(Readable.from([Buffer.from(DEMO_PLAN_SVG, 'utf8')]), { maxBytes: DEMO_PLAN_SVG.length, types: ['svg'] });
  const now = ctx.clock.now();
  const byStore = new Map<number, typeof placed>();
  for (const s of placed) byStore.set(s.storeId, [...(byStore.get(s.storeId) ?? []), s]);
  for (const [storeId, storeSensors] of byStore) {
    const { tenantId } = storeSensors[0]!;
    await ctx.db.transaction(async (tx) => {
      await tx
        .insert(storeFloorPlans)
        .values({ storeId, tenantId, fileKey: file.key, contentType: file.contentType, ...PLAN, uploadedAt: now, uploadedBy: uploader.id });
      // Side by side across the shop, each sensor's square grid as high as the plan allows.
      const scale = Math.min(0.6, 0.9 / storeSensors.length);
      await tx.insert(heatmapSensorPlacements).values(
        storeSensors.map((s, i) => ({
          storeDeviceId: s.storeDeviceId,
          storeId,
          tenantId,
          x: (i + 0.5) / storeSensors.length,
          y: 0.5,
          rotation: 0,
          scale,
          updatedAt: now,
          updatedBy: s.adminId,
        })),
      );
    });
  }
}
