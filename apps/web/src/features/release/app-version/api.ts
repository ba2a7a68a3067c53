import {
  appOpenApi,
  appVersionApi,
  type AndroidPlatform,
  type AppVersionQuery,
  type BodyOf,
  type IosPlatform,
  type QueryOf,
  type ReleasePlatform,
} from '@lightdesk/contract';
import { call, callForm, type Progress } from '../../../lib/http';
import { resourceCache } from '../../../lib/resource-cache';

export const appVersionCache = resourceCache('release', 'app-version');

export const appVersionPageQuery = (platform: ReleasePlatform) => (q: AppVersionQuery) => appVersionCache.query(appVersionApi[platform].page, q);
export const deleteAppVersion = (platform: ReleasePlatform, id: number) => call(appVersionApi[platform].delete, { id });
export const setCurrentAppVersion = (platform: ReleasePlatform, id: number) => call(appVersionApi[platform].setCurrent, { id });
export type ApkVersionBody = BodyOf<(typeof appVersionApi)['android']['create']>;
export type StoreVersionBody = BodyOf<(typeof appVersionApi)['ios']['create']>;
export const saveApkVersion = (platform: AndroidPlatform, body: ApkVersionBody, id?: number) =>
  id ? call(appVersionApi[platform].update, { ...body, id }) : call(appVersionApi[platform].create, body);
export const saveStoreVersion = (platform: IosPlatform, body: StoreVersionBody, id?: number) =>
  id ? call(appVersionApi[platform].update, { ...body, id }) : call(appVersionApi[platform].create, body);
export const uploadApk = (platform: AndroidPlatform, file: File, onProgress?: Progress) => callForm(appVersionApi[platform].upload, { file }, onProgress);
/** The public download page's list: the brand's current version of each platform. */
export type BrandKey = QueryOf<typeof appOpenApi.downloads>['brand'];
export const downloadsQuery = (brand: BrandKey) => ({
  queryKey: ['public', 'app-downloads', brand] as const,
  queryFn: () => call(appOpenApi.downloads, { brand }),
});
