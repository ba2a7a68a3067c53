import { z } from 'zod';
import { Int32, OptionalEmail, Text } from '../common';
import { endpoint } from '../endpoint';

/** The console's brands (apps/web/src/lib/brands.ts and the `brand` dictionary). */
export const Brand = z.enum(['lightdesk', 'lumen', 'aurora', 'nordlicht']);
export type Brand = z.infer<typeof Brand>;

/** The platform's single settings row. */
export const PlatformSetting = z.object({
  platformName: Text(64).min(1),
  defaultBrand: Brand,
  registrationOpen: z.boolean(),
  /** How long raw sensor reports are kept. */
  dataRetentionDays: Int32(1, 3650),
  supportEmail: OptionalEmail,
});
export type PlatformSetting = z.infer<typeof PlatformSetting>;

/** What the sign-in screen may know before anyone signs in. */
export const PlatformInfo = PlatformSetting.pick({ platformName: true, defaultBrand: true });
export type PlatformInfo = z.infer<typeof PlatformInfo>;

/** The platform's single settings row: platform staff only; its name and brand are public for the sign-in screen. */
export const platformSettingApi = {
  get: endpoint.get('/api/system/platform-setting/get', {
    permission: 'system:platform-setting:query',
    platform: true,
    answer: PlatformSetting,
    summary: 'The platform settings',
  }),
  update: endpoint.put('/api/system/platform-setting/update', {
    permission: 'system:platform-setting:update',
    platform: true,
    body: PlatformSetting,
    answer: z.literal(true),
    summary: 'Change the platform settings',
  }),
  info: endpoint.get('/open/platform-info', {
    public: true,
    keptUnderLoad: true,
    answer: PlatformInfo,
    summary: 'Platform name and default brand, for the sign-in screen',
  }),
};
