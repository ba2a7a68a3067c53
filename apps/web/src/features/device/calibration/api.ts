import { calibrationApi, shipmentApi, type CalibrationCorrect, type CalibrationQuery, type CorrectionQuery } from '@lightdesk/contract';
import { call } from '../../../lib/http';
import { resourceCache } from '../../../lib/resource-cache';

/** A correction may change a shipment (its country, its devices): the shipments' queries refresh too. */
const shipmentsShown = resourceCache('device', 'shipment');
export const calibrationCache = resourceCache('device', 'calibration', [shipmentsShown]);

export const calibrationPageQuery = (q: CalibrationQuery) => calibrationCache.query(calibrationApi.page, q);
export const correctionsQuery = (q: CorrectionQuery) => calibrationCache.query(calibrationApi.corrections, q);
/** Shipments by batch number, for linking an unshipped device to one. */
export const shipmentSearchQuery = (batchNo: string) => calibrationCache.query(shipmentApi.page, { batchNo: batchNo || undefined, page: 1, limit: 20 });
export const correctItem = (body: CalibrationCorrect) => call(calibrationApi.correct, body);
