import { z } from 'zod';
import { CalendarDate, DateTime, Id, IdQuery, ListQuery, QueryBoolean, Text, TextFilter } from '../common';
import { endpoint } from '../endpoint';
import { resourceEndpoints } from '../resource';
import { Brand } from '../system/platform-setting';

/**
 * Versions of the mobile app, per platform and brand; one of each platform and brand is the
 * current download version, which the app's update check and the public download page offer.
 * docs/apps.md explains the rules.
 */

export const RELEASE_PLATFORMS = ['android', 'android-intl', 'ios', 'ios-intl'] as const;
export const ReleasePlatform = z.enum(RELEASE_PLATFORMS);
export type ReleasePlatform = z.infer<typeof ReleasePlatform>;
export const APP_SCOPES = ['domestic', 'international'] as const;
export const AppScope = z.enum(APP_SCOPES);
export type AppScope = z.infer<typeof AppScope>;

export type AndroidPlatform = 'android' | 'android-intl';
export type IosPlatform = 'ios' | 'ios-intl';
/** Android versions carry an APK file; iOS versions a link to the App Store. */
export const isAndroid = (platform: ReleasePlatform): platform is AndroidPlatform => platform === 'android' || platform === 'android-intl';
/** The scope a version gets unless one is chosen: the international platforms' is international. */
export const defaultScope = (platform: ReleasePlatform): AppScope => (platform.endsWith('-intl') ? 'international' : 'domestic');

/** The largest APK accepted. */
export const APK_MAX_BYTES = 500 * 1024 * 1024;
/** At most this many dot-separated parts of at most this many digits: what the sortable form pads to. */
export const VERSION_PARTS = 4;
export const VERSION_PART_DIGITS = 6;

/** `1.10.0`: numbers separated by dots, compared part by part as numbers (1.10.0 is newer than 1.9.3). */
export const VersionNumber = Text(40)
  .min(1)
  .regex(new RegExp(`^\\d{1,${VERSION_PART_DIGITS}}(\\.\\d{1,${VERSION_PART_DIGITS}}){0,${VERSION_PARTS - 1}}$`), 'form.version');

/**
 * The version as text that sorts like the numbers: each part zero-padded, missing parts as 0,
 * so `1.10` → `000001.000010.000000.000000`. Stored beside the version for SQL ordering.
 */
export const versionSortKey = (version: string) => {
  const parts = version.split('.').map((p) => String(Number(p)).padStart(VERSION_PART_DIGITS, '0'));
  while (parts.length < VERSION_PARTS) parts.push('0'.repeat(VERSION_PART_DIGITS));
  return parts.join('.');
};

/** An App Store page: https only, since the phone opens it as it is. */
export const StoreUrl = Text(500)
  .min(1)
  .regex(/^https:\/\/[^\s/]+\.[^\s/]+(\/\S*)?$/, 'form.httpsUrl');
/** A stored APK: the key the upload answered (its SHA-256). */
export const FileKey = z.string().regex(/^[0-9a-f]{64}$/, 'must be the key an upload answered');
export const UploadDate = CalendarDate;
const Content = Text(2000, { lines: true });

export const AppVersionQuery = ListQuery.extend({
  versionNumber: TextFilter,
  brand: Brand.optional(),
  scope: AppScope.optional(),
  isForceUpdate: QueryBoolean.optional(),
});
export type AppVersionQuery = z.infer<typeof AppVersionQuery>;

const common = {
  versionNumber: VersionNumber,
  uploadDate: UploadDate,
  contentZh: Content.min(1),
  contentEn: Content.min(1),
  /** Absent: the platform's default scope. */
  scope: AppScope.optional(),
  brand: Brand,
  isForceUpdate: z.boolean().default(false),
};
/** Android: the APK, uploaded first. */
export const AndroidVersionCreate = z.object({ ...common, fileKey: FileKey });
/** iOS: the App Store link. */
export const IosVersionCreate = z.object({ ...common, storeUrl: StoreUrl });
export type AppVersionValues = z.output<typeof AndroidVersionCreate> | z.output<typeof IosVersionCreate>;

export const AppVersion = z.object({
  id: Id,
  platform: ReleasePlatform,
  versionNumber: z.string(),
  uploadDate: z.string(),
  contentZh: z.string(),
  contentEn: z.string(),
  scope: AppScope,
  brand: Brand,
  isForceUpdate: z.boolean(),
  current: z.boolean(),
  /** Android: the stored APK's key, size and MD5; '' / 0 for iOS. */
  fileKey: z.string(),
  fileSize: z.number().int(),
  fileMd5: z.string(),
  /** iOS: the App Store link; '' for Android. */
  storeUrl: z.string(),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type AppVersion = z.infer<typeof AppVersion>;

export const ApkUpload = z.object({ fileKey: z.string(), size: z.number().int(), md5: z.string() });
export type ApkUpload = z.infer<typeof ApkUpload>;

function platformEndpoints<S extends z.ZodRawShape>(platform: ReleasePlatform, create: z.ZodObject<S>) {
  const base = `/api/app/${platform}`;
  const permission = `app:${platform}`;
  return {
    ...resourceEndpoints(base, permission, {
      name: `${platform} app version`,
      query: AppVersionQuery,
      row: AppVersion,
      create,
      update: create.extend({ id: Id }),
      excel: true,
      platform: true,
    }),
    setCurrent: endpoint.post(`${base}/set-current`, {
      permission: `${permission}:set-current`,
      platform: true,
      body: IdQuery,
      answer: z.literal(true),
      summary: `Make a ${platform} version the current download version of its brand`,
    }),
  };
}

const androidEndpoints = (platform: AndroidPlatform) => ({
  ...platformEndpoints(platform, AndroidVersionCreate),
  upload: endpoint.post(`/api/app/${platform}/upload`, {
    permission: `app:${platform}:create`,
    platform: true,
    answer: ApkUpload,
    bodyLimit: APK_MAX_BYTES + 64 * 1024,
    summary: `Upload a ${platform} APK (multipart, field \`file\`); its key goes into the version`,
  }),
});

/** The console's endpoints, one set per platform, from one factory. */
export const appVersionApi = {
  android: androidEndpoints('android'),
  'android-intl': androidEndpoints('android-intl'),
  ios: platformEndpoints('ios', IosVersionCreate),
  'ios-intl': platformEndpoints('ios-intl', IosVersionCreate),
};
export const CheckUpdateQuery = z.object({ platform: ReleasePlatform, brand: Brand, version: VersionNumber });
export type CheckUpdateQuery = z.infer<typeof CheckUpdateQuery>;
export const AppContent = z.object({ zh: z.string(), en: z.string() });
/** `update: false` when the caller has the current version or a newer one, or none is published. */
export const CheckUpdateAnswer = z.union([
  z.object({ update: z.literal(false) }),
  z.object({
    update: z.literal(true),
    latestVersion: z.string(),
    /** The current version is forced, or a forced one lies between the caller's and it. */
    forceUpdate: z.boolean(),
    downloadUrl: z.string(),
    content: AppContent,
  }),
]);
export type CheckUpdateAnswer = z.infer<typeof CheckUpdateAnswer>;

export const DownloadsQuery = z.object({ brand: Brand });
export const AppDownload = z.object({
  platform: ReleasePlatform,
  versionNumber: z.string(),
  uploadDate: z.string(),
  /** A signed link to the APK, valid for a day, or the App Store page. */
  downloadUrl: z.string(),
  content: AppContent,
});
export type AppDownload = z.infer<typeof AppDownload>;

export const appOpenApi = {
  checkUpdate: endpoint.get('/open/app/check-update', {
    // Public: the app asks before anyone signs in.
    public: true,
    rateLimit: 60,
    query: CheckUpdateQuery,
    answer: CheckUpdateAnswer,
    summary: "Whether the app should update: the brand's current version of the platform, if newer than the caller's",
  }),
  downloads: endpoint.get('/open/app/downloads', {
    // Public: the download page is for people without an account.
    public: true,
    rateLimit: 60,
    query: DownloadsQuery,
    answer: z.array(AppDownload),
    summary: "The brand's current version of each platform, for the download page",
  }),
};
