/**
 * Releases: firmware packages for the devices, in three channels, and what the devices are
 * offered over the air; versions of the mobile app for each platform and brand, and the public
 * download page that serves the current ones.
 */
import { sql } from 'drizzle-orm';
import type { Area } from '../../lib/routes';
import appVersionRoutes from './app-version/routes';
import { sendDownloads } from './firmware/downloads';
import { otaDeviceRoutes } from './firmware/ota';
import firmwareRoutes from './firmware/routes';
import { appVersions } from './app-version/schema';
import { firmwares } from './firmware/schema';

export const releaseArea: Area = {
  name: 'release',
  routes: [firmwareRoutes, otaDeviceRoutes, appVersionRoutes],
  // Firmware downloads are counted per device across the servers, each download held by its server's membership.
  start: sendDownloads,
  // Packages share a file by content, and a firmware package may be the very bytes of an APK.
  fileReferences: [sql`select ${firmwares.fileKey} from ${firmwares}`, sql`select ${appVersions.fileKey} from ${appVersions}`],
};
