/**
 * Releases: firmware packages for the devices, in three channels, and what the devices are
 * offered over the air; versions of the mobile app for each platform and brand, and the public
 * download page that serves the current ones.
 */
import type { Area } from '../../lib/routes';
import appVersionRoutes from './app-version/routes';
import { otaDeviceRoutes } from './firmware/ota';
import firmwareRoutes from './firmware/routes';

export const releaseArea: Area = {
  name: 'release',
  routes: [firmwareRoutes, otaDeviceRoutes, appVersionRoutes],
};
