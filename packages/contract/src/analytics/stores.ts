import { z } from 'zod';
import { DateTime, Id, PageQuery, pageOf, TextFilter } from '../common';
import { endpoint } from '../endpoint';
import { FILE_TYPES, type FileTypeName } from '../file-types';
import { DeviceUuid, MeshId } from '../store/stores';

/** The analytics client's prefix: the console's analytics calls, with the same staff sessions and permissions as `/api`. */
export const ANALYTICS_PREFIX = '/api/v2/saas/web/analytics';

/** The query permission of every analytics screen: any of them admits a caller to what those screens share. */
export const ANALYTICS_SCREEN_PERMISSIONS = [
  'statistics:today:query',
  'statistics:store-popularity:query',
  'statistics:all-stores:query',
  'statistics:popularity-map:query',
  'counting:store:query',
  'counting:current-heatmap:query',
  'counting:walk-in:query',
  'counting:zone:query',
  'heatmap:store:query',
  'statistics:subscription:query',
] as const;
const [firstScreen, ...otherScreens] = ANALYTICS_SCREEN_PERMISSIONS;

export const AnalyticsStoreQuery = PageQuery.extend({ name: TextFilter });
export type AnalyticsStoreQuery = z.infer<typeof AnalyticsStoreQuery>;
export const AnalyticsStore = z.object({ id: Id, meshId: z.string(), name: z.string(), timezone: z.string(), countryCode: z.string() });
export type AnalyticsStore = z.infer<typeof AnalyticsStore>;

/** Floor plans: pictures of a store's layout on which heatmap sensors are placed. */
export const FLOOR_PLAN_TYPES: readonly FileTypeName[] = ['jpg', 'png', 'gif', 'svg'];
export const FLOOR_PLAN_EXTENSIONS = FLOOR_PLAN_TYPES.flatMap((t) => FILE_TYPES[t].extensions);
export const FLOOR_PLAN_MAX_BYTES = 100 * 1024 * 1024;

/** A sensor's quarter turns, clockwise. */
export const SensorRotation = z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]);
/**
 * Where a heatmap sensor's grid lies on the floor plan: its centre as fractions (0..1) of the
 * plan's width and height, its rotation, and its width as a fraction of the plan's width.
 */
export const SensorPlacement = z.object({
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  rotation: SensorRotation,
  scale: z.number().gt(0).max(4),
});
export type SensorPlacement = z.infer<typeof SensorPlacement>;

/** A sensor of the store, and where the app aligned it (placed false and nulls until then). */
export const FloorPlanSensor = z.object({
  storeDeviceId: Id,
  uuid: z.string(),
  name: z.string(),
  placed: z.boolean(),
  x: z.number().nullable(),
  y: z.number().nullable(),
  rotation: SensorRotation.nullable(),
  scale: z.number().nullable(),
  updatedAt: DateTime.nullable(),
});
export type FloorPlanSensor = z.infer<typeof FloorPlanSensor>;

export const FloorPlan = z.object({
  /** A signed, short-lived link the browser or app loads as an image. */
  url: z.string(),
  contentType: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  uploadedAt: DateTime,
  sensors: z.array(FloorPlanSensor),
});
export type FloorPlan = z.infer<typeof FloorPlan>;

const StoreParams = z.object({ storeId: Id });

export const analyticsStoreApi = {
  stores: endpoint.get(`${ANALYTICS_PREFIX}/stores`, {
    permission: firstScreen,
    orPermissions: otherScreens,
    query: AnalyticsStoreQuery,
    answer: pageOf(AnalyticsStore),
    summary: 'The stores the caller may read analytics for (agents: their own), by name',
  }),
  floorPlan: endpoint.get(`${ANALYTICS_PREFIX}/stores/:storeId/floor-plan`, {
    permission: 'heatmap:store:query',
    params: StoreParams,
    answer: FloorPlan.nullable(),
    summary: "A store's floor plan with its sensors' placements; null when it has none",
  }),
  uploadFloorPlan: endpoint.post(`${ANALYTICS_PREFIX}/stores/:storeId/floor-plan`, {
    permission: 'heatmap:store:upload',
    params: StoreParams,
    answer: FloorPlan,
    bodyLimit: FLOOR_PLAN_MAX_BYTES + 1024 * 1024,
    summary: "Upload a store's floor plan (multipart `file`: JPG, PNG, GIF or SVG up to 100 MB), replacing the current one",
  }),
};

const AppSensorParams = z.object({ meshId: MeshId, uuid: DeviceUuid });

export const appFloorPlanApi = {
  get: endpoint.get('/open/app/stores/:meshId/floor-plan', {
    appUser: true,
    params: z.object({ meshId: MeshId }),
    answer: FloorPlan.nullable(),
    summary: "A store's floor plan and its sensors' placements, to align them (members)",
  }),
  placeSensor: endpoint.put('/open/app/stores/:meshId/floor-plan/sensors/:uuid', {
    appUser: true,
    params: AppSensorParams,
    body: SensorPlacement,
    answer: FloorPlanSensor,
    summary: "Save where a heatmap sensor lies on the store's floor plan (admin)",
  }),
};
