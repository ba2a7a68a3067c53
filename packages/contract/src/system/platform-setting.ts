import { z } from 'zod';

/** The console's brands (apps/web/src/lib/brands.ts and the `brand` dictionary). */
export const Brand = z.enum(['lightdesk', 'lumen', 'aurora', 'nordlicht']);
export type Brand = z.infer<typeof Brand>;

/** The platform's single settings row. */
export const PlatformSetting = z.object({
  platformName: z.string().trim().min(1).max(64),
  defaultBrand: Brand,
  registrationOpen: z.boolean(),
  /** How long raw sensor reports are kept. */
  dataRetentionDays: z.number().int().min(1).max(3650),
  supportEmail: z.union([z.email().max(100), z.literal('')]),
});
export type PlatformSetting = z.infer<typeof PlatformSetting>;

/** What the sign-in screen may know before anyone signs in. */
export const PlatformInfo = PlatformSetting.pick({ platformName: true, defaultBrand: true });
export type PlatformInfo = z.infer<typeof PlatformInfo>;
