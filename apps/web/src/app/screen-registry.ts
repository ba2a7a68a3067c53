import type { ComponentType } from 'react';
import type { ScreenProps } from '../lib/navigation';
import type { AppRoute } from '../lib/route-table';

// The registry has a chunk of its own (vite.config.ts) and imports nothing at run time, so the
// shell can fetch the first screen through it while the session loads, before the layout's
// chunks have arrived.

type ScreenModule = () => Promise<{ default: ComponentType<ScreenProps> }>;

/** A screen's code, and the translation namespace of its feature. */
export interface ScreenEntry {
  namespace: string;
  load: ScreenModule;
}

const screen = (namespace: string, load: ScreenModule): ScreenEntry => ({ namespace, load });

/** Loads a namespace's texts in the current language (`loadTexts` of lib/i18n). */
export type LoadTexts = (namespace: string) => Promise<unknown>;

/**
 * A screen's code and its texts, fetched side by side: the screen would otherwise ask for its
 * texts only once its code had arrived and rendered.
 */
export const loadScreen = (entry: ScreenEntry, texts: LoadTexts) => Promise.all([entry.load(), texts(entry.namespace)]).then(([module]) => module);

const appVersions = screen('release', () => import('../features/release/app-version/app-version-page').then((m) => ({ default: m.AppVersionPage })));
const publicContent = screen('public', () => import('../features/public/public-content').then((m) => ({ default: m.PublicScreen })));

/**
 * The screens this build contains, keyed by the menu's `component`. Each loads on
 * first visit; an entry missing here shows the "not built yet" page instead of a 404.
 */
export const SCREENS: Readonly<Record<string, ScreenEntry>> = {
  'workbench/home': screen('workbench', () => import('../features/workbench/home-page').then((m) => ({ default: m.HomePage }))),
  'profile/index': screen('profile', () => import('../layout/profile-page').then((m) => ({ default: m.ProfilePage }))),
  'help/center': publicContent,
  'help/common-issue': publicContent,
  'help/user-manual': publicContent,
  'help/download': publicContent,
  'help/privacy': publicContent,
  'guide/spotlight': publicContent,
  'guide/gateway': publicContent,
  'guide/smartSpaceSensor': publicContent,
  'guide/guideSceneRecognition': publicContent,
  'guide/guideCustomerCounting': publicContent,
  'guide/guideHeatmap': publicContent,
  'guide/guideVideoPlayer': publicContent,
  'guide/recessedSensor': publicContent,
  // Content staff write and publish for the public pages.
  'content/guide/index': screen('content', () => import('../features/content/content-screens').then((m) => ({ default: m.GuidesScreen }))),
  'content/help/index': screen('content', () => import('../features/content/content-screens').then((m) => ({ default: m.HelpScreen }))),
  'content/common-issue/index': screen('content', () => import('../features/content/content-screens').then((m) => ({ default: m.CommonIssuesScreen }))),
  'content/manual/index': screen('content', () => import('../features/content/content-screens').then((m) => ({ default: m.ManualScreen }))),
  'content/video/index': screen('content', () => import('../features/content/content-screens').then((m) => ({ default: m.VideoManualScreen }))),
  'content/privacy/index': screen('content', () => import('../features/content/content-screens').then((m) => ({ default: m.PrivacyScreen }))),
  // Agents, packages, logs and sessions.
  'system/tenant/index': screen('system', () => import('../features/system/tenant/tenant-page').then((m) => ({ default: m.TenantPage }))),
  'system/tenant-package/index': screen('system', () =>
    import('../features/system/tenant-package/tenant-package-page').then((m) => ({ default: m.TenantPackagePage })),
  ),
  'system/login-log/index': screen('system', () => import('../features/system/log/login-log-page').then((m) => ({ default: m.LoginLogPage }))),
  'system/operate-log/index': screen('system', () => import('../features/system/log/operate-log-page').then((m) => ({ default: m.OperateLogPage }))),
  'system/sms-log/index': screen('system', () => import('../features/system/log/sms-log-page').then((m) => ({ default: m.SmsLogPage }))),
  'system/session/index': screen('system', () => import('../features/system/session/session-page').then((m) => ({ default: m.SessionPage }))),
  'system/job/index': screen('system', () => import('../features/system/job/job-page').then((m) => ({ default: m.JobPage }))),
  // Menus, dictionaries, parameter and platform settings, areas.
  'system/menu/index': screen('system', () => import('../features/system/menu/menu-page').then((m) => ({ default: m.MenuPage }))),
  'system/dict/index': screen('system', () => import('../features/system/dict/dict-page').then((m) => ({ default: m.DictPage }))),
  'system/config/index': screen('system', () => import('../features/system/config/config-page').then((m) => ({ default: m.ConfigPage }))),
  'system/platform-setting/index': screen('system', () =>
    import('../features/system/platform-setting/platform-setting-page').then((m) => ({ default: m.PlatformSettingPage })),
  ),
  'system/area/index': screen('system', () => import('../features/system/area/area-page').then((m) => ({ default: m.AreaPage }))),
  // Staff, roles, departments and posts.
  'system/user/index': screen('system', () => import('../features/system/user/user-page').then((m) => ({ default: m.UserPage }))),
  'system/role/index': screen('system', () => import('../features/system/role/role-page').then((m) => ({ default: m.RolePage }))),
  'system/dept/index': screen('system', () => import('../features/system/dept/dept-page').then((m) => ({ default: m.DeptPage }))),
  'system/post/index': screen('system', () => import('../features/system/post/post-page').then((m) => ({ default: m.PostPage }))),
  // Stores and the people in them.
  'store/mesh/index': screen('store', () => import('../features/store/mesh/store-page').then((m) => ({ default: m.StorePage }))),
  'store/user/index': screen('store', () => import('../features/store/store-user/store-user-page').then((m) => ({ default: m.StoreUserPage }))),
  // Stores: the device registry, app users' phones and their feedback.
  'device/luminaire/index': screen('store', () => import('../features/store/device/luminaire-page').then((m) => ({ default: m.LuminairePage }))),
  'device/group-control/index': screen('device', () =>
    import('../features/device/group-control/group-control-page').then((m) => ({ default: m.GroupControlPage })),
  ),
  'device/mobile/index': screen('store', () => import('../features/store/device/mobile-device-page').then((m) => ({ default: m.MobileDevicePage }))),
  'workbench/feedback': screen('store', () => import('../features/store/feedback/feedback-page').then((m) => ({ default: m.FeedbackPage }))),
  // Stores: the app's people, their own settings, account cancellations.
  'system/app-user/index': screen('store', () => import('../features/store/app-user/app-user-page').then((m) => ({ default: m.AppUserPage }))),
  'system/user-advanced/index': screen('store', () =>
    import('../features/store/user-advanced/user-advanced-page').then((m) => ({ default: m.UserAdvancedPage })),
  ),
  'system/cancellation/index': screen('store', () => import('../features/store/cancellation/cancellation-page').then((m) => ({ default: m.CancellationPage }))),
  // Cloud IoT: products and their thing models, the devices that connect.
  'iot/product/index': screen('device', () => import('../features/device/product/product-page').then((m) => ({ default: m.ProductPage }))),
  // Shipments of devices and their calibration against the devices activated in stores.
  'system/shipment/index': screen('device', () => import('../features/device/shipment/shipment-page').then((m) => ({ default: m.ShipmentPage }))),
  'system/shipment-calibration/index': screen('device', () =>
    import('../features/device/calibration/calibration-page').then((m) => ({ default: m.CalibrationPage })),
  ),
  'iot/device/index': screen('device', () => import('../features/device/iot-device/iot-device-page').then((m) => ({ default: m.IotDevicePage }))),
  // Analytics. The workbench's /storeHeatmap shortcut names the same component, so it opens this screen too.
  'heatmap/store/index': screen('analytics', () => import('../features/analytics/heatmap/store-heatmap-page').then((m) => ({ default: m.StoreHeatmapPage }))),
  // App versions: one page for the four platforms, which it reads from the component name.
  'app/android/index': appVersions,
  'app/android-intl/index': appVersions,
  'app/ios/index': appVersions,
  'app/ios-intl/index': appVersions,
  // Firmware: one screen for the three channels (the workbench's /hardwareList shortcut opens the release channel).
  'firmware/release/index': screen('release', () => import('../features/release/firmware/firmware-page').then((m) => ({ default: m.ReleaseFirmwarePage }))),
  'firmware/factory/index': screen('release', () => import('../features/release/firmware/firmware-page').then((m) => ({ default: m.FactoryFirmwarePage }))),
  'firmware/development/index': screen('release', () =>
    import('../features/release/firmware/firmware-page').then((m) => ({ default: m.DevelopmentFirmwarePage })),
  ),
  // Retail analytics: popularity by store, across stores and on the map, reports by e-mail, today's overview, people counting.
  'statistics/today/index': screen('analytics', () => import('../features/analytics/today/today-page').then((m) => ({ default: m.TodayPage }))),
  'statistics/store-popularity/index': screen('analytics', () =>
    import('../features/analytics/store-popularity/store-popularity-page').then((m) => ({ default: m.StorePopularityPage })),
  ),
  'statistics/all-stores/index': screen('analytics', () =>
    import('../features/analytics/all-stores/all-stores-page').then((m) => ({ default: m.AllStoresPage })),
  ),
  'statistics/popularity-map/index': screen('analytics', () =>
    import('../features/analytics/popularity-map/popularity-map-page').then((m) => ({ default: m.PopularityMapPage })),
  ),
  'statistics/subscription/index': screen('analytics', () =>
    import('../features/analytics/subscriptions/subscriptions-page').then((m) => ({ default: m.SubscriptionsPage })),
  ),
  // The workbench's /customerCounting shortcut is a menu entry of the same component.
  'counting/store/index': screen('analytics', () =>
    import('../features/analytics/counting-store/counting-store-page').then((m) => ({ default: m.CountingStorePage })),
  ),
  'counting/walk-in/index': screen('analytics', () => import('../features/analytics/walk-ins/walk-ins-page').then((m) => ({ default: m.WalkInsPage }))),
  'counting/zone/index': screen('analytics', () => import('../features/analytics/zones/zones-page').then((m) => ({ default: m.ZonesPage }))),
  'counting/current-heatmap/index': screen('analytics', () =>
    import('../features/analytics/current-heatmap/current-heatmap-page').then((m) => ({ default: m.CurrentHeatmapPage })),
  ),
  // Test pages and test charts: the shared components in each state, on fixed sample data.
  'gallery/page-1': screen('gallery', () => import('../features/gallery/lists-page').then((m) => ({ default: m.ListsGalleryPage }))),
  'gallery/page-2': screen('gallery', () => import('../features/gallery/forms-page').then((m) => ({ default: m.FormsGalleryPage }))),
  'gallery/page-3': screen('gallery', () => import('../features/gallery/status-page').then((m) => ({ default: m.StatusGalleryPage }))),
  'gallery/page-4': screen('gallery', () => import('../features/gallery/upload-page').then((m) => ({ default: m.UploadGalleryPage }))),
  'gallery/page-5': screen('gallery', () => import('../features/gallery/feedback-page').then((m) => ({ default: m.FeedbackGalleryPage }))),
  'gallery/charts': screen('gallery', () => import('../features/gallery/charts-page').then((m) => ({ default: m.ChartsGalleryPage }))),
};

/** Starts fetching a route's screen before the layout asks for it; the layout's own load then finds it fetched. */
export function preloadScreen(route: AppRoute, texts: LoadTexts): void {
  const entry = SCREENS[route.component];
  if (entry) loadScreen(entry, texts).catch(() => undefined);
}

/** Whether this build shows the route: an embedded page, or a screen in the registry. */
export const canShow = (route: AppRoute) => !!route.frameSrc || Object.hasOwn(SCREENS, route.component);
