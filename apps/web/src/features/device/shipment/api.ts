import { shipmentApi, type ShipmentCreate, type ShipmentQuery, type ShipmentUpdate } from '@lightdesk/contract';
import { call, callForm, type Progress } from '../../../lib/http';
import { resourceCache } from '../../../lib/resource-cache';

export const shipmentCache = resourceCache('device', 'shipment');

export const shipmentPageQuery = (q: ShipmentQuery) => shipmentCache.query(shipmentApi.page, q);
export const shipmentDetailQuery = (id: number) => shipmentCache.query(shipmentApi.get, { id });
export const createShipment = (body: ShipmentCreate) => call(shipmentApi.create, body);
export const updateShipment = (body: ShipmentUpdate) => call(shipmentApi.update, body);
export const deleteShipment = (id: number) => call(shipmentApi.delete, { id });
/** docs/devices.md: every row of the workbook is added, or none (the answer lists the bad rows). */
export const importShipmentDevices = (id: number, file: File, onProgress?: Progress) => callForm(shipmentApi.importDevices, { id, file }, onProgress);
