/**
 * Stores and the people and devices in them: app users and their sessions, stores (meshes),
 * members and invitations, lighting groups, the device registry, the phones, feedback, per-person
 * settings and app account cancellation. The mobile app creates all of it through the app API
 * (`/open/app`); the console manages it. What other areas may use is exported here.
 */
import type { Area } from '../../lib/routes';
import { authenticateAppUser } from './app-auth/app-sessions';
import appAccountRoutes from './app-auth/routes';
import appStoreRoutes from './stores/routes';
import appFeedbackRoutes from './feedback/routes';
import { appAccountPurgeJob } from './app-auth/purge';
import { consoleRoutes } from './console';
import { seedStoreDemo } from './demo/demo';

export const storeArea: Area = {
  name: 'store',
  authenticators: { 'app-user': authenticateAppUser },
  routes: [appAccountRoutes, appStoreRoutes, appFeedbackRoutes, ...consoleRoutes],
  jobs: [appAccountPurgeJob],
  demo: seedStoreDemo,
};

export { dissolveGroup, lockStore, recordStoreEvent, removeMember, transferAdmin, type StoreActor, type StoreEventKind } from './store-rules';
export { effectiveFeatures } from './features';
export { revokeAppSessions } from './app-auth/app-sessions';
