import { gatewayApi, luminaireApi, mobileDeviceApi, type MobileDeviceQuery, type StoreDeviceQuery } from '@lightdesk/contract';
import { resourceCache } from '../../../lib/resource-cache';

/** The stores' device registry: luminaires, gateways and sensors, one resource in two lists. */
export const storeDeviceCache = resourceCache('store', 'device');
export const luminairePageQuery = (q: StoreDeviceQuery) => storeDeviceCache.query(luminaireApi.page, q);
export const gatewayPageQuery = (q: StoreDeviceQuery) => storeDeviceCache.query(gatewayApi.page, q);

/** The app users' phones. */
export const mobileDeviceCache = resourceCache('store', 'mobile-device');
export const mobileDevicePageQuery = (q: MobileDeviceQuery) => mobileDeviceCache.query(mobileDeviceApi.page, q);
