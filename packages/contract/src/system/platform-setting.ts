import { z } from 'zod';
import { Int32, OptionalEmail, Text } from '../common';

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
