import { z } from 'zod';
import { Text } from './common';

/** Dictionary types the console reads; the server seeds every one of them. */
export const DictType = {
  userType: 'user_type',
  commonStatus: 'common_status',
  terminal: 'terminal',
  userSex: 'system_user_sex',
  menuType: 'system_menu_type',
  dataScope: 'system_data_scope',
  loginResult: 'system_login_result',
  firmwareChannel: 'firmware_channel',
  firmwareType: 'firmware_type',
  packageType: 'firmware_package_type',
  signatureAlgorithm: 'firmware_signature_algorithm',
  verifyStatus: 'firmware_verify_status',
  appPlatform: 'app_platform',
  appScope: 'app_scope',
  brand: 'brand',
  deviceStatus: 'device_status',
  storeRole: 'store_role',
  statisticsPeriod: 'statistics_period',
  timeFilter: 'statistics_time_filter',
  zoneRotation: 'zone_rotation',
} as const;
export type DictTypeName = (typeof DictType)[keyof typeof DictType];

export const ColorType = z.enum(['default', 'primary', 'success', 'info', 'warning', 'danger', '']);

export const DictData = z.object({
  dictType: z.string(),
  value: z.string(),
  label: z.string(),
  colorType: z.string(),
  cssClass: z.string(),
  sort: z.number().int(),
});
export type DictData = z.infer<typeof DictData>;

export const DictTypeParam = z.object({
  type: Text(100)
    .min(1)
    .regex(/^[a-z0-9_]+$/, 'form.dictType'),
});
