import { iotDeviceApi, type IotDeviceCreate, type IotDeviceQuery } from '@lightdesk/contract';
import { call } from '../../../lib/http';
import { resourceCache } from '../../../lib/resource-cache';

export const iotDeviceCache = resourceCache('device', 'iot-device');

export const iotDevicePageQuery = (q: IotDeviceQuery) => iotDeviceCache.query(iotDeviceApi.page, q);
export const iotDeviceDetailQuery = (id: number) => iotDeviceCache.query(iotDeviceApi.get, { id });
export const deviceProductsQuery = () => iotDeviceCache.query(iotDeviceApi.products);
export const createIotDevice = (body: IotDeviceCreate) => call(iotDeviceApi.create, body);
export const rotateIotDeviceSecret = (id: number) => call(iotDeviceApi.rotateSecret, { id });
export const setIotDeviceEnabled = (id: number, enabled: boolean) => call(iotDeviceApi.setEnabled, { id, enabled });
export const deleteIotDevice = (id: number) => call(iotDeviceApi.delete, { id });
