import {
  firmwareApis,
  firmwarePromoteApi,
  type FirmwareChannel,
  type FirmwareCreate,
  type FirmwareQuery,
  type FirmwareUpdate,
  type OtaHistoryQuery,
  type OtaTryQuery,
} from '@lightdesk/contract';
import { call, callForm, type Progress } from '../../../lib/http';
import { resourceCache, type ResourceCache } from '../../../lib/resource-cache';

/** Each channel's firmware is a resource of its own: a promotion refreshes the channel it lands in. */
export const firmwareCaches: Record<FirmwareChannel, ResourceCache<'release', string>> = {
  release: resourceCache<'release', string>('release', 'firmware-release'),
  factory: resourceCache<'release', string>('release', 'firmware-factory'),
  development: resourceCache<'release', string>('release', 'firmware-development'),
};

export const firmwarePageQuery = (channel: FirmwareChannel) => (q: FirmwareQuery) => firmwareCaches[channel].query(firmwareApis[channel].page, q);
export const createFirmware = (channel: FirmwareChannel, body: FirmwareCreate) => call(firmwareApis[channel].create, body);
export const updateFirmware = (channel: FirmwareChannel, body: FirmwareUpdate) => call(firmwareApis[channel].update, body);
export const deleteFirmware = (channel: FirmwareChannel, id: number) => call(firmwareApis[channel].delete, { id });
export const verifyFirmware = (channel: FirmwareChannel, id: number) => call(firmwareApis[channel].verify, { id });
export const promoteFirmware = (channel: 'development' | 'factory', id: number) => call(firmwarePromoteApi[channel], { id });
/** The file goes first; the form then refers to it by its key. */
export const uploadFirmwareFile = (channel: FirmwareChannel, file: File, onProgress?: Progress) => callForm(firmwareApis[channel].upload, { file }, onProgress);
export const otaSummaryQuery = (channel: FirmwareChannel, id: number) => firmwareCaches[channel].query(firmwareApis[channel].otaSummary, { id });
export const otaHistoryQuery = (channel: FirmwareChannel, q: OtaHistoryQuery) => firmwareCaches[channel].query(firmwareApis[channel].otaHistory, q);
export const tryCheck = (channel: FirmwareChannel, q: OtaTryQuery) => call(firmwareApis[channel].tryCheck, q);
