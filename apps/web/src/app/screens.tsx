import { Suspense, createElement, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '../lib/error-boundary';
import { lazyScreen } from '../lib/lazy';
import { menuTitle, ScreenPathContext, type ScreenProps } from '../lib/navigation';
import { LoadFailure } from './load-failure';
import { PageSpinner } from './page-spinner';
import type { AppRoute } from '../lib/route-table';

type ScreenModule = () => Promise<{ default: ComponentType<ScreenProps> }>;

const appVersions: ScreenModule = () => import('../features/release/app-version/app-version-page').then((m) => ({ default: m.AppVersionPage }));
const publicContent: ScreenModule = () => import('../features/public/public-content').then((m) => ({ default: m.PublicScreen }));

/**
 * The screens this build contains, keyed by the menu's `component`. Each loads on
 * first visit; an entry missing here shows the "not built yet" page instead of a 404.
 */
export const SCREENS: Readonly<Record<string, ScreenModule>> = {
  'workbench/home': () => import('../features/workbench/home-page').then((m) => ({ default: m.HomePage })),
  'profile/index': () => import('../layout/profile-page').then((m) => ({ default: m.ProfilePage })),
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
  'content/guide/index': () => import('../features/content/content-screens').then((m) => ({ default: m.GuidesScreen })),
  'content/help/index': () => import('../features/content/content-screens').then((m) => ({ default: m.HelpScreen })),
  'content/common-issue/index': () => import('../features/content/content-screens').then((m) => ({ default: m.CommonIssuesScreen })),
  'content/manual/index': () => import('../features/content/content-screens').then((m) => ({ default: m.ManualScreen })),
  'content/video/index': () => import('../features/content/content-screens').then((m) => ({ default: m.VideoManualScreen })),
  'content/privacy/index': () => import('../features/content/content-screens').then((m) => ({ default: m.PrivacyScreen })),
  // Agents, packages, logs and sessions.
  'system/tenant/index': () => import('../features/system/tenant/tenant-page').then((m) => ({ default: m.TenantPage })),
  'system/tenant-package/index': () => import('../features/system/tenant-package/tenant-package-page').then((m) => ({ default: m.TenantPackagePage })),
  'system/login-log/index': () => import('../features/system/log/login-log-page').then((m) => ({ default: m.LoginLogPage })),
  'system/operate-log/index': () => import('../features/system/log/operate-log-page').then((m) => ({ default: m.OperateLogPage })),
  'system/sms-log/index': () => import('../features/system/log/sms-log-page').then((m) => ({ default: m.SmsLogPage })),
  'system/session/index': () => import('../features/system/session/session-page').then((m) => ({ default: m.SessionPage })),
  'system/job/index': () => import('../features/system/job/job-page').then((m) => ({ default: m.JobPage })),
  // Menus, dictionaries, parameter and platform settings, areas.
  'system/menu/index': () => import('../features/system/menu/menu-page').then((m) => ({ default: m.MenuPage })),
  'system/dict/index': () => import('../features/system/dict/dict-page').then((m) => ({ default: m.DictPage })),
  'system/config/index': () => import('../features/system/config/config-page').then((m) => ({ default: m.ConfigPage })),
  'system/platform-setting/index': () => import('../features/system/platform-setting/platform-setting-page').then((m) => ({ default: m.PlatformSettingPage })),
  'system/area/index': () => import('../features/system/area/area-page').then((m) => ({ default: m.AreaPage })),
  // Staff, roles, departments and posts.
  'system/user/index': () => import('../features/system/user/user-page').then((m) => ({ default: m.UserPage })),
  'system/role/index': () => import('../features/system/role/role-page').then((m) => ({ default: m.RolePage })),
  'system/dept/index': () => import('../features/system/dept/dept-page').then((m) => ({ default: m.DeptPage })),
  'system/post/index': () => import('../features/system/post/post-page').then((m) => ({ default: m.PostPage })),
  // Stores and the people in them.
  'store/mesh/index': () => import('../features/store/mesh/store-page').then((m) => ({ default: m.StorePage })),
  'store/user/index': () => import('../features/store/store-user/store-user-page').then((m) => ({ default: m.StoreUserPage })),
  // Stores: the device registry, app users' phones and their feedback.
  'device/luminaire/index': () => import('../features/store/device/luminaire-page').then((m) => ({ default: m.LuminairePage })),
  'device/group-control/index': () => import('../features/device/group-control/group-control-page').then((m) => ({ default: m.GroupControlPage })),
  'device/mobile/index': () => import('../features/store/device/mobile-device-page').then((m) => ({ default: m.MobileDevicePage })),
  'workbench/feedback': () => import('../features/store/feedback/feedback-page').then((m) => ({ default: m.FeedbackPage })),
  // Stores: the app's people, their own settings, account cancellations.
  'system/app-user/index': () => import('../features/store/app-user/app-user-page').then((m) => ({ default: m.AppUserPage })),
  'system/user-advanced/index': () => import('../features/store/user-advanced/user-advanced-page').then((m) => ({ default: m.UserAdvancedPage })),
  'system/cancellation/index': () => import('../features/store/cancellation/cancellation-page').then((m) => ({ default: m.CancellationPage })),
  // Cloud IoT: products and their thing models, the devices that connect.
  'iot/product/index': () => import('../features/device/product/product-page').then((m) => ({ default: m.ProductPage })),
  // Shipments of devices and their calibration against the devices activated in stores.
  'system/shipment/index': () => import('../features/device/shipment/shipment-page').then((m) => ({ default: m.ShipmentPage })),
  'system/shipment-calibration/index': () => import('../features/device/calibration/calibration-page').then((m) => ({ default: m.CalibrationPage })),
  'iot/device/index': () => import('../features/device/iot-device/iot-device-page').then((m) => ({ default: m.IotDevicePage })),
  // Analytics. The workbench's /storeHeatmap shortcut names the same component, so it opens this screen too.
  'heatmap/store/index': () => import('../features/analytics/heatmap/store-heatmap-page').then((m) => ({ default: m.StoreHeatmapPage })),
  // App versions: one page for the four platforms, which it reads from the component name.
  'app/android/index': appVersions,
  'app/android-intl/index': appVersions,
  'app/ios/index': appVersions,
  'app/ios-intl/index': appVersions,
  // Firmware: one screen for the three channels (the workbench's /hardwareList shortcut opens the release channel).
  'firmware/release/index': () => import('../features/release/firmware/firmware-page').then((m) => ({ default: m.ReleaseFirmwarePage })),
  'firmware/factory/index': () => import('../features/release/firmware/firmware-page').then((m) => ({ default: m.FactoryFirmwarePage })),
  'firmware/development/index': () => import('../features/release/firmware/firmware-page').then((m) => ({ default: m.DevelopmentFirmwarePage })),
  // Retail analytics: popularity by store, across stores and on the map, today's overview, people counting.
  'statistics/today/index': () => import('../features/analytics/today/today-page').then((m) => ({ default: m.TodayPage })),
  'statistics/store-popularity/index': () =>
    import('../features/analytics/store-popularity/store-popularity-page').then((m) => ({ default: m.StorePopularityPage })),
  'statistics/all-stores/index': () => import('../features/analytics/all-stores/all-stores-page').then((m) => ({ default: m.AllStoresPage })),
  'statistics/popularity-map/index': () => import('../features/analytics/popularity-map/popularity-map-page').then((m) => ({ default: m.PopularityMapPage })),
  // The workbench's /customerCounting shortcut is a menu entry of the same component.
  'counting/store/index': () => import('../features/analytics/counting-store/counting-store-page').then((m) => ({ default: m.CountingStorePage })),
  'counting/walk-in/index': () => import('../features/analytics/walk-ins/walk-ins-page').then((m) => ({ default: m.WalkInsPage })),
  'counting/zone/index': () => import('../features/analytics/zones/zones-page').then((m) => ({ default: m.ZonesPage })),
  'counting/current-heatmap/index': () => import('../features/analytics/current-heatmap/current-heatmap-page').then((m) => ({ default: m.CurrentHeatmapPage })),
  // Test pages and test charts: the shared components in each state, on fixed sample data.
  'gallery/page-1': () => import('../features/gallery/lists-page').then((m) => ({ default: m.ListsGalleryPage })),
  'gallery/page-2': () => import('../features/gallery/forms-page').then((m) => ({ default: m.FormsGalleryPage })),
  'gallery/page-3': () => import('../features/gallery/status-page').then((m) => ({ default: m.StatusGalleryPage })),
  'gallery/page-4': () => import('../features/gallery/upload-page').then((m) => ({ default: m.UploadGalleryPage })),
  'gallery/page-5': () => import('../features/gallery/feedback-page').then((m) => ({ default: m.FeedbackGalleryPage })),
  'gallery/charts': () => import('../features/gallery/charts-page').then((m) => ({ default: m.ChartsGalleryPage })),
};

// Shown only for menu entries this build has no screen for.
const NotBuiltPage = lazyScreen<{ name: string }>(() => import('../components/not-built-page').then((m) => ({ default: m.NotBuiltPage })));

/** Whether this build shows the route: an embedded page, or a screen in the registry. */
export const canShow = (route: AppRoute) => !!route.frameSrc || Object.hasOwn(SCREENS, route.component);

/** One lazy component per registry key, made once: nothing loads until it renders. */
const LAZY_SCREENS: ReadonlyMap<string, LazyExoticComponent<ComponentType<ScreenProps>>> = new Map(
  Object.entries(SCREENS).map(([component, load]) => [component, lazyScreen(load)]),
);

/** Embedded pages are the window's height less the navbar and tags (94.5 px). */
export const frameHeight = (windowHeight: number) => windowHeight - 94.5;

function EmbeddedFrame({ src, title }: { src: string; title: string }) {
  const [height, setHeight] = useState(() => frameHeight(window.innerHeight));
  useEffect(() => {
    const onResize = () => setHeight(frameHeight(window.innerHeight));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return <iframe src={src} title={title} className="embedded-frame" style={{ height }} sandbox="allow-scripts allow-same-origin allow-forms allow-popups" />;
}

/** One generated route's screen, with its own loading state and failure boundary. */
export function Screen({ route }: { route: AppRoute }) {
  const { t } = useTranslation('menu');
  const title = menuTitle(t, route);
  if (route.frameSrc) return <EmbeddedFrame src={route.frameSrc} title={title} />;
  const screen = LAZY_SCREENS.get(route.component);
  return (
    <ErrorBoundary fallback={(error, retry) => <LoadFailure error={error} onRetry={retry} />}>
      <Suspense fallback={<PageSpinner />}>
        {screen ? (
          <ScreenPathContext value={route.path}>
            {/* The registry's components are module constants, made once above, not per render. */}
            {createElement(screen, { path: route.path, name: title, component: route.component })}
          </ScreenPathContext>
        ) : (
          <NotBuiltPage name={title} />
        )}
      </Suspense>
    </ErrorBoundary>
  );
}
