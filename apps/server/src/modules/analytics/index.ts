/**
 * Retail analytics: rollups of the sensors' reports kept as they are ingested, in each store's
 * own time zone; the console's statistics, counting and heatmap figures read from them through
 * the further client (`/api/v2/saas/web/analytics`); and the stores' floor plans on which the app
 * aligns the heatmap sensors. docs/analytics.md explains the figures and how they are kept.
 */
import { sql } from 'drizzle-orm';
import type { Area } from '../../lib/routes';
import { onReportsStored } from '../device';
import { seedFloorPlanDemo } from './floor-plans/demo';
import floorPlanRoutes from './floor-plans/routes';
import { rollupRetentionJob } from './rollup/retention';
import { rollUp } from './rollup/rollup';
import analyticsRoutes from './routes';
import analyticsStoreRoutes from './stores';
import { storeFloorPlans } from './schema';

onReportsStored(rollUp);

export const analyticsArea: Area = {
  name: 'analytics',
  routes: [analyticsStoreRoutes, floorPlanRoutes, analyticsRoutes],
  jobs: [rollupRetentionJob],
  fileReferences: [sql`select ${storeFloorPlans.fileKey} from ${storeFloorPlans}`],
  demo: seedFloorPlanDemo,
};
