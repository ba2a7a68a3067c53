import { z } from 'zod';
import { endpoint } from '../endpoint';

/**
 * What gateways and directly connected devices report, over MQTT or HTTP alike: a batch of
 * reports, each about one device (the sender itself, or a luminaire or sensor behind a gateway).
 * Every report carries the sender's own message id: a resent report is stored once.
 */

export const REPORT_KINDS = ['heartbeat', 'properties', 'presence', 'entrance', 'zone', 'heatmap'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** Most reports one batch may hold. */
export const MAX_REPORTS_PER_BATCH = 500;

/**
 * What a device shadow may hold: flat (a property's value is a string of at most 256 characters,
 * a number or a boolean, never an object or a list), at most 100 properties a report, and as a
 * whole at most 256 properties (a thing model names at most 200, plus `firmwareVersion`) in at
 * most 64 KiB of JSON. A batch that would take the stored shadow past either is refused whole.
 */
export const MAX_PROPERTIES_PER_REPORT = 100;
export const MAX_SHADOW_PROPERTIES = 256;
export const MAX_SHADOW_BYTES = 64 * 1024;

const Count = (max: number) => z.int().min(0).max(max);
/** Seconds an interval report covers. */
const Interval = z.int().min(1).max(86_400);

/** A store device's uuid or a sender's device name, as reports name devices. */
const DeviceName = z.string().min(1).max(64);

const common = {
  /** The sender's id of this report, unique among its own reports. */
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9._:-]+$/, 'letters, digits and . _ : - only'),
  /** When the device observed it (ISO-8601; the end of the interval for interval reports). */
  at: z.iso.datetime({ offset: true }),
  /** The device it is about: a store device's uuid, or the sender's own device name. */
  device: DeviceName,
};

const PropertyValue = z.union([z.string().max(256), z.number(), z.boolean()]);

export const Report = z.discriminatedUnion('kind', [
  /**
   * I am alive; `interval` is the heartbeat interval in seconds the device keeps. A gateway relays
   * in its own heartbeat those of the luminaires and sensors behind it (`devices`, their uuids):
   * an idle luminaire stays online without a report of its own.
   */
  z.strictObject({
    ...common,
    kind: z.literal('heartbeat'),
    interval: z.int().min(5).max(3600).optional(),
    devices: z.array(DeviceName).max(MAX_REPORTS_PER_BATCH).optional(),
  }),
  /** Latest values of properties (the device shadow), firmware version included. */
  z.strictObject({
    ...common,
    kind: z.literal('properties'),
    firmwareVersion: z.string().max(32).optional(),
    properties: z
      .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/), PropertyValue)
      .refine((p) => Object.keys(p).length <= MAX_PROPERTIES_PER_REPORT, `at most ${MAX_PROPERTIES_PER_REPORT} properties`),
  }),
  /** People seen under a luminaire during the interval: one dwell time in milliseconds per person. */
  z.strictObject({ ...common, kind: z.literal('presence'), seconds: Interval, dwellMs: z.array(Count(86_400_000)).max(1000) }),
  /** An entrance counter's walk-ins and exits during the interval. */
  z.strictObject({ ...common, kind: z.literal('entrance'), seconds: Interval, in: Count(100_000), out: Count(100_000) }),
  /** People in a zone now. */
  z.strictObject({ ...common, kind: z.literal('zone'), people: Count(100_000) }),
  /** A sensor's grid of counts, row by row (`width` × `height` cells). */
  z
    .strictObject({
      ...common,
      kind: z.literal('heatmap'),
      width: z.int().min(1).max(64),
      height: z.int().min(1).max(64),
      cells: z.array(Count(100_000)).max(4096),
    })
    .refine((h) => h.cells.length === h.width * h.height, { path: ['cells'], message: 'must hold width × height counts' }),
]);
export type Report = z.infer<typeof Report>;

export const ReportBatch = z.strictObject({ reports: z.array(Report).min(1).max(MAX_REPORTS_PER_BATCH) });
export type ReportBatch = z.infer<typeof ReportBatch>;

/** What an ingest answers: how many reports were new and how many it had already. */
export const IngestAnswer = z.object({ stored: z.int(), duplicates: z.int() });
export type IngestAnswer = z.infer<typeof IngestAnswer>;

/**
 * Headers of a signed device request: `x-lightdesk-device` is `{productKey}/{deviceName}`,
 * `x-lightdesk-timestamp` Unix milliseconds, `x-lightdesk-nonce` 8–64 characters used once, and
 * `x-lightdesk-signature` the hex HMAC-SHA256, under the device secret, of
 * `{timestamp}\n{nonce}\n{method} {path}\n{body}`.
 */
export const DEVICE_HEADERS = {
  device: 'x-lightdesk-device',
  timestamp: 'x-lightdesk-timestamp',
  nonce: 'x-lightdesk-nonce',
  signature: 'x-lightdesk-signature',
} as const;

/** How far a signed request's timestamp may be from the server's clock. */
export const SIGNATURE_WINDOW_MS = 5 * 60_000;

export const reportApi = {
  report: endpoint.post('/open/iot/report', {
    device: true,
    body: ReportBatch,
    answer: IngestAnswer,
    bodyLimit: 1024 * 1024,
    summary: 'Stores a batch of reports from a gateway or a directly connected device; answers only after they are committed',
  }),
};
