import { z } from 'zod';
import { DateTime, Id, ListQuery, PageQuery, Text, TextFilter } from '../common';
import { endpoint } from '../endpoint';
import { resourceEndpoints } from '../resource';

/**
 * Firmware packages for the devices, in three channels (development → factory → release), and
 * what devices are offered over the air. docs/firmware.md explains the rules.
 */

export const FIRMWARE_CHANNELS = ['release', 'factory', 'development'] as const;
export const FirmwareChannel = z.enum(FIRMWARE_CHANNELS);
export type FirmwareChannel = z.infer<typeof FirmwareChannel>;
/** Where a package goes when promoted. */
export const NEXT_CHANNEL = { development: 'factory', factory: 'release' } as const satisfies Partial<Record<FirmwareChannel, FirmwareChannel>>;
export const canPromote = (channel: FirmwareChannel): channel is keyof typeof NEXT_CHANNEL => channel in NEXT_CHANNEL;

/** The largest firmware image accepted: firmware for gateways with an OS can be large. */
export const FIRMWARE_MAX_BYTES = 2 * 1024 * 1024 * 1024;

/** `1`, `1.2`, `1.10.0`, `1.2.3.4`: digits separated by dots, 1 to 4 segments, each up to 9 digits. */
export const FirmwareVersion = z
  .string()
  .trim()
  .regex(/^\d{1,9}(\.\d{1,9}){0,3}$/, 'form.firmwareVersion');

/** The verify status: '0' not required, '1' not verified, '2' verified. */
export const VerifyStatus = z.enum(['0', '1', '2']);
export type VerifyStatus = z.infer<typeof VerifyStatus>;
export const PackageType = z.enum(['full', 'sub']);
export const SignatureAlgorithm = z.enum(['none', 'md5', 'sha256']);
export type SignatureAlgorithm = z.infer<typeof SignatureAlgorithm>;
export const RolloutTarget = z.enum(['all', 'stores', 'percent']);
export type RolloutTarget = z.infer<typeof RolloutTarget>;

/** JSON text, refused with the field's name when it does not parse. */
const JsonText = z
  .string()
  .trim()
  .max(20_000)
  .min(1, 'form.firmwareJsonRequired')
  .refine((text) => {
    try {
      JSON.parse(text);
      return true;
    } catch {
      return false;
    }
  }, 'form.firmwareJson');

const FileKey = z.string().regex(/^[0-9a-f]{64}$/, 'form.firmwareFile');

export const FirmwareQuery = ListQuery.extend({
  firmwareType: TextFilter,
  versionNumber: TextFilter,
  verifyStatus: VerifyStatus.optional(),
  isForceUpdate: z.enum(['true', 'false']).optional(),
  module: TextFilter,
});
export type FirmwareQuery = z.infer<typeof FirmwareQuery>;

const Fields = {
  name: Text(100).min(1),
  versionNumber: FirmwareVersion,
  firmwareType: Text(60).min(1, 'form.firmwareType'),
  module: Text(60).min(1).default('default'),
  contentZh: Text(2000, { lines: true }).min(1, 'form.firmwareContentZh'),
  contentEn: Text(2000, { lines: true }).min(1, 'form.firmwareContentEn'),
  isForceUpdate: z.boolean().default(false),
  packageType: PackageType.default('full'),
  /** For a sub-package: the version it updates from (devices on exactly that version are offered it). */
  fromVersion: z.union([FirmwareVersion, z.literal('')]).default(''),
  signatureAlgorithm: SignatureAlgorithm.default('sha256'),
  /** The new firmware's description for the device, as JSON. */
  firmwareJson: JsonText,
  fileKey: FileKey,
  /** '0' when the package needs no verification before release; otherwise it starts not verified. */
  verifyRequired: z.boolean().default(true),
  rolloutTarget: RolloutTarget.default('all'),
  rolloutStoreIds: z.array(Id).max(1000).default([]),
  rolloutPercent: z.number().int().min(0).max(100).default(100),
  rolloutPaused: z.boolean().default(false),
};
const subNeedsFrom = <T extends { packageType: string; fromVersion: string }>(v: T) => v.packageType === 'full' || v.fromVersion !== '';
export const FirmwareCreate = z.object(Fields).refine(subNeedsFrom, { path: ['fromVersion'], message: 'a sub-package says which version it updates from' });
export type FirmwareCreate = z.infer<typeof FirmwareCreate>;
export const FirmwareUpdate = z
  .object({ ...Fields, id: Id })
  .refine(subNeedsFrom, { path: ['fromVersion'], message: 'a sub-package says which version it updates from' });
export type FirmwareUpdate = z.infer<typeof FirmwareUpdate>;

export const Firmware = z.object({
  id: Id,
  channel: FirmwareChannel,
  name: z.string(),
  versionNumber: z.string(),
  firmwareType: z.string(),
  module: z.string(),
  contentZh: z.string(),
  contentEn: z.string(),
  isForceUpdate: z.boolean(),
  packageType: PackageType,
  fromVersion: z.string(),
  signatureAlgorithm: SignatureAlgorithm,
  firmwareJson: z.string(),
  fileKey: z.string(),
  fileName: z.string(),
  size: z.number(),
  md5: z.string(),
  sha256: z.string(),
  verifyStatus: VerifyStatus,
  rolloutTarget: RolloutTarget,
  rolloutStoreIds: z.array(Id),
  rolloutPercent: z.number().int(),
  rolloutPaused: z.boolean(),
  uploadDate: DateTime,
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type Firmware = z.infer<typeof Firmware>;

export const FirmwareUploaded = z.object({ fileKey: z.string(), size: z.number(), md5: z.string(), sha256: z.string(), name: z.string() });
export type FirmwareUploaded = z.infer<typeof FirmwareUploaded>;

/** What a device asks: its type, channel, module and current version (and a luminaire behind a gateway names itself). */
export const OtaCheckQuery = z.object({
  firmwareType: Text(60).min(1),
  channel: FirmwareChannel.default('release'),
  module: Text(60).min(1).default('default'),
  currentVersion: FirmwareVersion,
  device: Text(64).optional(),
});
export type OtaCheckQuery = z.infer<typeof OtaCheckQuery>;

export const OtaOffer = z.union([
  z.object({ update: z.literal(false) }),
  z.object({
    update: z.literal(true),
    firmwareId: Id,
    versionNumber: z.string(),
    packageType: PackageType,
    fromVersion: z.string(),
    isForceUpdate: z.boolean(),
    size: z.number(),
    signatureAlgorithm: SignatureAlgorithm,
    /** The digest of the algorithm ('' for none). */
    digest: z.string(),
    md5: z.string(),
    sha256: z.string(),
    contentZh: z.string(),
    contentEn: z.string(),
    firmwareJson: z.string(),
    /** Short-lived signed link; supports Range to resume. */
    url: z.string(),
  }),
]);
export type OtaOffer = z.infer<typeof OtaOffer>;

export const OTA_STEPS = ['downloading', 'downloaded', 'verified', 'updating', 'updated', 'failed'] as const;
export const OtaStep = z.enum(OTA_STEPS);
export type OtaStep = z.infer<typeof OtaStep>;
export const OtaProgress = z.object({
  firmwareId: Id,
  device: Text(64).optional(),
  step: OtaStep,
  reason: Text(500).optional(),
  percent: z.number().int().min(0).max(100).optional(),
});
export type OtaProgress = z.infer<typeof OtaProgress>;

/** The operator's "check as a device": what a device of this type and version would be offered. */
export const OtaTryQuery = OtaCheckQuery.omit({ channel: true }).extend({ storeId: Id.optional() });
export type OtaTryQuery = z.infer<typeof OtaTryQuery>;

export const OtaStepCount = z.object({ step: OtaStep, devices: z.number().int() });
export const OtaHistoryQuery = PageQuery.extend({ id: Id, device: TextFilter });
export type OtaHistoryQuery = z.infer<typeof OtaHistoryQuery>;
export const OtaHistoryRow = z.object({
  id: Id,
  device: z.string(),
  step: OtaStep,
  reason: z.string(),
  percent: z.number().int().nullable(),
  createdAt: DateTime,
});
export type OtaHistoryRow = z.infer<typeof OtaHistoryRow>;

/** The console endpoints of one channel, made by one factory so the three channels cannot drift apart. */
export const firmwareApi = (channel: FirmwareChannel) => {
  const base = `/api/firmware/${channel}`;
  const p = (action: string) => ({ permission: `firmware:${channel}:${action}`, platform: true as const });
  return {
    ...resourceEndpoints(base, `firmware:${channel}`, {
      name: `${channel} firmware`,
      query: FirmwareQuery,
      row: Firmware,
      create: FirmwareCreate,
      update: FirmwareUpdate,
      excel: true,
      platform: true,
    }),
    upload: endpoint.post(`${base}/upload`, {
      ...p('create'),
      answer: FirmwareUploaded,
      bodyLimit: FIRMWARE_MAX_BYTES + 1024 * 1024,
      summary: 'Upload a firmware image (multipart: optional `sha256` / `md5` text fields, then `file`); answers its key, size and digests',
    }),
    verify: endpoint.post(`${base}/verify`, {
      ...p('verify'),
      body: z.object({ id: Id }),
      answer: z.literal(true),
      summary: 'Mark a not-verified firmware as verified',
    }),
    otaSummary: endpoint.get(`${base}/ota-summary`, {
      ...p('query'),
      query: z.object({ id: Id }),
      answer: z.array(OtaStepCount),
      summary: 'How many devices are at each OTA step for a firmware (latest step per device)',
    }),
    otaHistory: endpoint.get(`${base}/ota-history`, {
      ...p('query'),
      query: OtaHistoryQuery,
      answer: z.object({ list: z.array(OtaHistoryRow), total: z.number().int() }),
      summary: 'The OTA progress reports of a firmware, newest first',
    }),
    tryCheck: endpoint.get(`${base}/try-check`, {
      ...p('query'),
      query: OtaTryQuery,
      answer: OtaOffer,
      summary: 'What a device of this type and version would be offered (the device check, for operators)',
    }),
  };
};
export type FirmwareApi = ReturnType<typeof firmwareApi>;
export const firmwareApis = { release: firmwareApi('release'), factory: firmwareApi('factory'), development: firmwareApi('development') };

/** Promotion copies a firmware to the next channel; the release channel has none. */
const promoteOf = (channel: 'development' | 'factory') =>
  endpoint.post(`/api/firmware/${channel}/promote`, {
    permission: `firmware:${channel}:create`,
    platform: true,
    body: z.object({ id: Id }),
    answer: Id,
    summary: 'Copy a firmware to the next channel (development → factory → release), keeping its file',
  });
export const firmwarePromoteApi = { development: promoteOf('development'), factory: promoteOf('factory') };

export const otaApi = {
  check: endpoint.get('/open/ota/check', {
    device: true,
    query: OtaCheckQuery,
    answer: OtaOffer,
    summary: 'The newest firmware offered to this device above its current version, or { update: false }',
  }),
  progress: endpoint.post('/open/ota/progress', {
    device: true,
    body: OtaProgress,
    answer: z.literal(true),
    summary: 'A device reports a step of its update',
  }),
};
