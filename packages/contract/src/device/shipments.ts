import { z } from 'zod';
import { CalendarDate, DateFrom, DateTime, DateTo, Id, ListQuery, PageQuery, Text, TextFilter } from '../common';
import { endpoint } from '../endpoint';
import { resourceEndpoints } from '../resource';
import { CountryFilter } from '../store/console-stores';
import { DeviceUuid } from '../store/stores';

/**
 * Shipments: batches of devices sent to an agent or a customer, and the calibration that
 * reconciles what was shipped with what came online in stores. docs/devices.md explains the rules.
 */

/** How many devices one shipment lists at most (typed or imported). */
export const SHIPMENT_DEVICE_LIMIT = 5000;
/** The largest device list workbook accepted. */
export const SHIPMENT_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export const BatchNo = Text(40)
  .min(1)
  .regex(/^[A-Za-z0-9._/-]+$/, 'form.code');
/** A calendar day, `2026-03-31`. */
export const ShipDate = CalendarDate;
export const CountryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'must be a two-letter country code');
export const DeviceCode = Text(64);

/** One shipped device: its uuid, its device code, or both. */
export const ShipmentDeviceLine = z
  .object({ uuid: z.union([DeviceUuid, z.literal('')]).default(''), deviceCode: DeviceCode.default('') })
  .refine((line) => line.uuid !== '' || line.deviceCode !== '', { path: ['uuid'], message: 'a uuid or a device code is required' });
export type ShipmentDeviceLine = z.infer<typeof ShipmentDeviceLine>;

export const ShipmentQuery = ListQuery.extend({
  batchNo: TextFilter,
  /** Honoured for platform staff only: an agent's staff see their own agent's shipments. */
  agentId: Id.optional(),
  countryCode: CountryFilter,
  shipFrom: DateFrom,
  shipTo: DateTo,
});
export type ShipmentQuery = z.infer<typeof ShipmentQuery>;

export const ShipmentCreate = z.object({
  batchNo: BatchNo,
  shipDate: ShipDate,
  countryCode: CountryCode,
  /** The agent (tenant) it went to; chosen by platform staff only. */
  agentId: Id.nullable().default(null),
  customerName: Text(100).default(''),
  note: Text(500, { lines: true }).default(''),
  devices: z.array(ShipmentDeviceLine).max(SHIPMENT_DEVICE_LIMIT).default([]),
});
export type ShipmentCreate = z.infer<typeof ShipmentCreate>;
export const ShipmentUpdate = ShipmentCreate.extend({ id: Id });
export type ShipmentUpdate = z.infer<typeof ShipmentUpdate>;

export const Shipment = z.object({
  id: Id,
  batchNo: z.string(),
  shipDate: z.string(),
  countryCode: z.string(),
  agentId: Id.nullable(),
  agentName: z.string().nullable(),
  customerName: z.string(),
  note: z.string(),
  deviceCount: z.number().int(),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type Shipment = z.infer<typeof Shipment>;

export const ShipmentDevice = z.object({ id: Id, uuid: z.string(), deviceCode: z.string() });
export type ShipmentDevice = z.infer<typeof ShipmentDevice>;
export const ShipmentDetail = Shipment.extend({ devices: z.array(ShipmentDevice) });
export type ShipmentDetail = z.infer<typeof ShipmentDetail>;

/** Why an imported row was refused, each worded by the console. */
export const IMPORT_REASONS = ['required', 'invalid', 'duplicate-in-file', 'already-listed', 'shipped-elsewhere', 'too-many', 'no-columns'] as const;
export type ImportReason = (typeof IMPORT_REASONS)[number];
export const ImportRowError = z.object({
  /** The worksheet's row number, as a spreadsheet shows it (the header is row 1). */
  row: z.number().int(),
  field: z.enum(['uuid', 'deviceCode', 'file']),
  reason: z.enum(IMPORT_REASONS),
});
export type ImportRowError = z.infer<typeof ImportRowError>;
/** Either every row was added (`errors` empty) or none was (`imported` 0). */
export const ShipmentImportResult = z.object({ imported: z.number().int(), errors: z.array(ImportRowError) });
export type ShipmentImportResult = z.infer<typeof ShipmentImportResult>;

export const shipmentApi = {
  ...resourceEndpoints('/api/system/shipment', 'system:shipment', {
    name: 'shipment',
    query: ShipmentQuery,
    row: Shipment,
    detail: ShipmentDetail,
    create: ShipmentCreate,
    update: ShipmentUpdate,
    excel: true,
  }),
  importDevices: endpoint.post('/api/system/shipment/import-devices', {
    permission: 'system:shipment:import',
    answer: ShipmentImportResult,
    bodyLimit: SHIPMENT_IMPORT_MAX_BYTES + 64 * 1024,
    summary: 'Add devices to a shipment from an .xlsx workbook (multipart: `id`, then `file`; columns uuid, device code); all rows or none',
  }),
};

export const CALIBRATION_CATEGORIES = ['shipped-not-activated', 'activated-not-shipped', 'country-mismatch'] as const;
export const CalibrationCategory = z.enum(CALIBRATION_CATEGORIES);
export type CalibrationCategory = z.infer<typeof CalibrationCategory>;

export const CalibrationQuery = PageQuery.extend({
  category: CalibrationCategory.optional(),
  agentId: Id.optional(),
  countryCode: CountryFilter,
  uuid: TextFilter,
  /** `open` (the default), `resolved` or `all`. */
  state: z.enum(['open', 'resolved', 'all']).default('open'),
});
export type CalibrationQuery = z.infer<typeof CalibrationQuery>;

/**
 * One discrepancy: a shipped line nobody activated, an activated device no shipment lists, or a
 * device activated in a store of another country than its shipment's. `key` names it for corrections.
 */
export const CalibrationItem = z.object({
  key: z.string(),
  category: CalibrationCategory,
  shipmentDeviceId: Id.nullable(),
  storeDeviceId: Id.nullable(),
  uuid: z.string(),
  deviceCode: z.string(),
  shipmentId: Id.nullable(),
  batchNo: z.string().nullable(),
  shipmentCountry: z.string().nullable(),
  agentId: Id.nullable(),
  agentName: z.string().nullable(),
  storeId: Id.nullable(),
  storeName: z.string().nullable(),
  storeCountry: z.string().nullable(),
  resolved: z.boolean(),
});
export type CalibrationItem = z.infer<typeof CalibrationItem>;

export const CORRECTION_ACTIONS = ['resolve', 'change-country', 'link-shipment'] as const;
export const CorrectionAction = z.enum(CORRECTION_ACTIONS);
export type CorrectionAction = z.infer<typeof CorrectionAction>;

/**
 * A correction of one item, with the reason people give for it:
 * - `resolve`: accepted as it is (leaves the open list);
 * - `change-country`: a country mismatch corrected on the shipment (`countryCode`);
 * - `link-shipment`: an unshipped device added to a shipment (`shipmentId`).
 */
export const CalibrationCorrect = z.object({
  key: Text(60).min(1),
  action: CorrectionAction,
  reason: Text(500, { lines: true }).min(1),
  countryCode: CountryCode.optional(),
  shipmentId: Id.optional(),
});
export type CalibrationCorrect = z.infer<typeof CalibrationCorrect>;

export const CalibrationCorrection = z.object({
  id: Id,
  action: CorrectionAction,
  category: CalibrationCategory,
  uuid: z.string(),
  shipmentId: Id.nullable(),
  detail: z.record(z.string(), z.union([z.string(), z.number()])),
  reason: z.string(),
  staffId: Id,
  staffName: z.string().nullable(),
  createdAt: DateTime,
});
export type CalibrationCorrection = z.infer<typeof CalibrationCorrection>;
export const CorrectionQuery = PageQuery.extend({ uuid: TextFilter, from: DateFrom, to: DateTo });
export type CorrectionQuery = z.infer<typeof CorrectionQuery>;

const calibration = (action: string) => ({ permission: `system:shipment-calibration:${action}` });
export const calibrationApi = {
  page: endpoint.get('/api/system/shipment-calibration/page', {
    ...calibration('query'),
    query: CalibrationQuery,
    answer: z.object({ list: z.array(CalibrationItem), total: z.number().int() }),
    summary: 'Shipped and activated devices that disagree',
  }),
  exportExcel: endpoint.get('/api/system/shipment-calibration/export-excel', {
    ...calibration('query'),
    query: CalibrationQuery,
    summary: 'Export the calibration list to Excel',
  }),
  correct: endpoint.post('/api/system/shipment-calibration/correct', {
    ...calibration('update'),
    body: CalibrationCorrect,
    answer: z.literal(true),
    summary: 'Correct one calibration item, with a reason',
  }),
  corrections: endpoint.get('/api/system/shipment-calibration/corrections', {
    ...calibration('query'),
    query: CorrectionQuery,
    answer: z.object({ list: z.array(CalibrationCorrection), total: z.number().int() }),
    summary: 'Who corrected what, when and why',
  }),
};
