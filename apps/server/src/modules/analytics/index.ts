/**
 * Retail analytics: rollups of the sensors' reports kept as they are ingested, in each store's
 * own time zone; the console's statistics, counting and heatmap figures read from them through
 * the further client (`/api/v2/saas/web/analytics`); the stores' floor plans on which the app
 * aligns the heatmap sensors; and the reports staff subscribe to by e-mail. docs/analytics.md
 * explains the figures and how they are kept.
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
import { reportDeliveryJob } from './subscriptions/delivery';
import subscriptionRoutes from './subscriptions/routes';
import { storeFloorPlans } from './schema';

onReportsStored(rollUp);

export const analyticsArea: Area = {
  name: 'analytics',
  routes: [analyticsStoreRoutes, floorPlanRoutes, analyticsRoutes, subscriptionRoutes],
  jobs: [rollupRetentionJob, reportDeliveryJob],
  fileReferences: [sql`select ${storeFloorPlans.fileKey} from ${storeFloorPlans}`],
  demo: seedFloorPlanDemo,
};
