import { analyticsStoreApi, appFloorPlanApi } from '@lightdesk/contract';
import { defineRoutes } from '../../../lib/routes';
import { appUserOf, membership } from '../../store';
import { floorPlanOf, placeSensor, uploadFloorPlan, visibleStore } from './service';

/**
 * Floor plans: staff upload a store's plan in the console; the store's admin aligns the heatmap
 * sensors on it in the app (members may look, to see the alignment).
 */
export default defineRoutes((r, ctx) => {
  r.endpoint(analyticsStoreApi.floorPlan, async ({ session, params }) => floorPlanOf(ctx, (await visibleStore(ctx, session, params.storeId)).id));
  r.endpoint(analyticsStoreApi.uploadFloorPlan, ({ session, params, req }) => uploadFloorPlan(ctx, session, params.storeId, req));

  r.endpoint(appFloorPlanApi.get, async ({ caller, params }) => {
    const { store } = await membership(ctx, appUserOf(caller).appUserId, params.meshId);
    return floorPlanOf(ctx, store.id);
  });
  r.endpoint(appFloorPlanApi.placeSensor, async ({ caller, params, body }) => {
    const me = appUserOf(caller).appUserId;
    const { store } = await membership(ctx, me, params.meshId, 'admin');
    return placeSensor(ctx, me, store, params.uuid, body);
  });
});
