/**
 * Stores and the people and devices in them: app users and their sessions, stores (meshes),
 * members and invitations, lighting groups, the device registry, the phones, feedback, per-person
 * settings and app account cancellation. The mobile app creates all of it through the app API
 * (`/open/app`); the console manages it. What other areas may use is exported here.
 */
import { sql } from 'drizzle-orm';
import type { Area } from '../../lib/routes';
import { authenticateAppUser } from './app-auth/app-sessions';
import appAccountRoutes from './app-auth/routes';
import appStoreRoutes from './stores/routes';
import appFeedbackRoutes from './feedback/routes';
import { appAccountPurgeJob } from './app-auth/purge';
import { consoleRoutes } from './console';
import { seedStoreDemo } from './demo/demo';
import { feedback } from './schema';

export const storeArea: Area = {
  name: 'store',
  authenticators: { 'app-user': authenticateAppUser },
  routes: [appAccountRoutes, appStoreRoutes, appFeedbackRoutes, ...consoleRoutes],
  jobs: [appAccountPurgeJob],
  fileReferences: [sql`select jsonb_array_elements_text(${feedback.images}) from ${feedback}`],
  demo: seedStoreDemo,
};

export { dissolveGroup, lockStore, recordStoreEvent, removeMember, transferAdmin, type StoreActor, type StoreEventKind } from './store-rules';
export { effectiveFeatures } from './features';
export { appUserOf, revokeAppSessions } from './app-auth/app-sessions';
/** Who is in a store, and as what: the app routes of other areas check a caller's role with it. */
export { membership } from './stores/service';
/** The registry tables other areas read and join (the devices area also keeps their live columns). */
export { lightingGroups, storeDevices, stores } from './schema';
/** Which stores a staff member sees (agents' staff: their own tenant's), as a condition on a store's tenant column. */
export { storeTenancy } from './console/scope';
/** Where stores are on a map: their own coordinates, or their country's centre. */
export { storeLocations, type StoreLocation } from './locations/locations';
export { COUNTRY_CENTRES } from './locations/country-centres';
/** E-mail: over SMTP when SMTP_URL is set, else kept in the mail outbox. */
export { sendMail, type MailMessage } from './mail';
