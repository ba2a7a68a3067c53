/**
 * Devices that connect to the cloud: products (kinds of device, each with its thing model).
 * Platform-wide: only the platform's staff manage them.
 */
import type { Area } from '../../lib/routes';
import productRoutes from './product/routes';

export const deviceArea: Area = {
  name: 'device',
  routes: [productRoutes],
};
