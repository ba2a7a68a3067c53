/**
 * The menu tree of every screen of the console, seeded on first start. A screen's own
 * permission is `<module>:<resource>:query`; its buttons carry the other actions.
 * `componentName` is also the web's translation key for the menu title.
 */
export interface MenuSeed {
  name: string;
  path: string;
  icon?: string;
  component?: string;
  componentName: string;
  permission?: string;
  visible?: boolean;
  keepAlive?: boolean;
  alwaysShow?: boolean;
  buttons?: MenuButtonSeed[];
  children?: MenuSeed[];
  /**
   * For a screen added after databases were made: when a start places it in one that lacks it,
   * the roles and agent packages holding any of these permissions get it and its buttons, as
   * the first seed gives it to those whose screens it sits beside.
   */
  grantWith?: string[];
}

export interface MenuButtonSeed {
  name: string;
  permission: string;
  /**
   * For a button added to a screen after databases were made: when a start places it in one that
   * lacks it, the roles and agent packages holding any of these permissions get it.
   */
  grantWith?: string[];
}

const ACTION_NAMES: Record<string, string> = {
  create: 'Create',
  update: 'Update',
  delete: 'Delete',
  export: 'Export',
  verify: 'Verify',
  'set-current': 'Set current download version',
  'reset-password': 'Reset password',
  'assign-menu': 'Assign menus',
  'transfer-admin': 'Transfer administrator',
  'assign-agent': 'Assign to an agent',
  locate: 'Set location',
  'dissolve-group': 'Dissolve group',
  'remove-member': 'Remove member',
  send: 'Send command',
  upload: 'Upload floor plan',
  kick: 'Kick out',
  import: 'Import',
  run: 'Run now',
  publish: 'Publish',
};

/** A screen and its buttons: `screen('Staff', 'user', 'system:user', ['create', ...])`. */
function screen(name: string, path: string, prefix: string, actions: string[], extra: Partial<MenuSeed> = {}): MenuSeed {
  const componentName = extra.componentName ?? prefix.replace(/(^|[:-])(\w)/g, (_m, _s, c: string) => c.toUpperCase());
  return {
    name,
    path,
    component: `${prefix.replace(/:/g, '/')}/index`,
    componentName,
    permission: `${prefix}:query`,
    buttons: actions.map((a) => ({ name: ACTION_NAMES[a] ?? a, permission: `${prefix}:${a}` })),
    ...extra,
  };
}
/**
 * An action added to a screen that databases already hold, going to whoever holds the screen, as
 * a first start gives a screen's buttons with it: for actions that show no more than the screen
 * does, such as an export of its list.
 */
const addedToScreen = (prefix: string, action: string): MenuButtonSeed => ({
  name: ACTION_NAMES[action] ?? action,
  permission: `${prefix}:${action}`,
  grantWith: [`${prefix}:query`],
});
const CRUD = ['create', 'update', 'delete', 'export'];
/** Content is written, then published per language. */
const CONTENT_ACTIONS = ['create', 'update', 'delete', 'publish'];
const guide = (name: string, slug: string): MenuSeed => ({
  name,
  path: slug,
  component: `guide/${slug}`,
  componentName: `Guide${slug[0]!.toUpperCase()}${slug.slice(1)}`,
  keepAlive: false,
});

/** A page of the component gallery: fixed sample data, nothing to change; the platform's administrators hold it. */
const gallery = (name: string, path: string, componentName: string): MenuSeed => ({
  name,
  path,
  component: `gallery/${path}`,
  componentName,
  permission: 'system:gallery:query',
});

export const MENU_TREE: MenuSeed[] = [
  {
    // A hidden parent titled workbench holds shortcut routes to the main screens.
    name: 'Workbench',
    path: '/',
    icon: 'desktop',
    componentName: 'Workbench',
    visible: false,
    children: [
      { name: 'Home', path: 'home', component: 'workbench/home', componentName: 'Home', permission: 'workbench:home:query' },
      {
        name: 'Feedback',
        path: 'messageList',
        component: 'workbench/feedback',
        componentName: 'Feedback',
        permission: 'workbench:feedback:query',
        buttons: [{ name: 'Reply', permission: 'workbench:feedback:update' }, addedToScreen('workbench:feedback', 'export')],
      },
      { name: 'Firmware', path: 'hardwareList', component: 'firmware/release/index', componentName: 'HardwareList', permission: 'firmware:release:query' },
      { name: 'Apps', path: 'appList', component: 'app/android/index', componentName: 'AppList', permission: 'app:android:query' },
      {
        name: 'Store heatmap',
        path: 'storeHeatmap',
        component: 'heatmap/store/index',
        componentName: 'StoreHeatmapShortcut',
        permission: 'heatmap:store:query',
      },
      {
        name: 'Customer counting',
        path: 'customerCounting',
        component: 'counting/store/index',
        componentName: 'CustomerCounting',
        permission: 'counting:store:query',
      },
      { name: 'Store management', path: 'meshManage', component: 'store/mesh/index', componentName: 'MeshManage', permission: 'store:mesh:query' },
    ],
  },
  {
    name: 'Today overview',
    path: '/today',
    icon: 'dashboard',
    componentName: 'TodayRoot',
    alwaysShow: false,
    children: [screen('Today overview', 'index', 'statistics:today', ['export'], { component: 'statistics/today/index', componentName: 'TodayOverview' })],
  },
  {
    name: 'Stores',
    path: '/store',
    icon: 'shop',
    componentName: 'Stores',
    children: [
      screen('Store management', 'mesh', 'store:mesh', ['export', 'transfer-admin', 'remove-member', 'dissolve-group', 'assign-agent', 'locate']),
      screen('Store users', 'user', 'store:user', ['delete', 'export']),
    ],
  },
  {
    name: 'Devices',
    path: '/device',
    icon: 'bulb',
    componentName: 'Devices',
    children: [
      screen('Luminaires', 'luminaire', 'device:luminaire', ['update', 'delete', 'export']),
      screen('Mobile devices', 'mobile', 'device:mobile', ['export']),
      screen('Group control', 'group-control', 'device:group-control', ['send', 'export'], { keepAlive: false }),
    ],
  },
  {
    name: 'Firmware',
    path: '/firmware',
    icon: 'cloud-upload',
    componentName: 'Firmware',
    children: [
      screen('Release channel', 'release', 'firmware:release', [...CRUD, 'verify']),
      screen('Factory channel', 'factory', 'firmware:factory', [...CRUD, 'verify']),
      screen('Development channel', 'development', 'firmware:development', [...CRUD, 'verify']),
    ],
  },
  {
    name: 'Apps',
    path: '/app',
    icon: 'mobile',
    componentName: 'Apps',
    children: [
      screen('Android', 'android', 'app:android', [...CRUD, 'set-current']),
      screen('Android international', 'android-intl', 'app:android-intl', [...CRUD, 'set-current']),
      screen('iOS', 'ios', 'app:ios', [...CRUD, 'set-current']),
      screen('iOS international', 'ios-intl', 'app:ios-intl', [...CRUD, 'set-current']),
    ],
  },
  {
    name: 'Statistics',
    path: '/statistics',
    icon: 'bar-chart',
    componentName: 'Statistics',
    children: [
      screen('Store popularity', 'store-popularity', 'statistics:store-popularity', ['export']),
      screen('All-stores popularity', 'all-stores', 'statistics:all-stores', ['export']),
      screen('Popularity map', 'popularity-map', 'statistics:popularity-map', []),
      screen('Report subscriptions', 'subscription', 'statistics:subscription', ['create', 'update', 'delete'], {
        grantWith: ['statistics:store-popularity:query', 'statistics:all-stores:query'],
      }),
    ],
  },
  {
    name: 'People counting',
    path: '/counting',
    icon: 'team',
    componentName: 'Counting',
    children: [
      screen('Store people', 'store', 'counting:store', ['export']),
      screen('Current heatmap', 'current-heatmap', 'counting:current-heatmap', []),
      screen('Walk-in counts', 'walk-in', 'counting:walk-in', ['export']),
      screen('People zones', 'zone', 'counting:zone', ['update']),
    ],
  },
  {
    name: 'Heatmap',
    path: '/heatmap',
    icon: 'heat-map',
    componentName: 'Heatmap',
    children: [screen('Store heatmap', 'store', 'heatmap:store', ['upload'])],
  },
  {
    name: 'Administration',
    path: '/system',
    icon: 'setting',
    componentName: 'System',
    children: [
      screen('App users', 'app-user', 'system:app-user', ['update', 'delete', 'export']),
      screen('Staff', 'user', 'system:user', [...CRUD, 'reset-password']),
      screen('Roles', 'role', 'system:role', [...CRUD, 'assign-menu']),
      screen('Departments', 'dept', 'system:dept', ['create', 'update', 'delete']),
      screen('Posts', 'post', 'system:post', CRUD),
      screen('Agents', 'tenant', 'system:tenant', CRUD),
      screen('Agent packages', 'tenant-package', 'system:tenant-package', ['create', 'update', 'delete']),
      screen('Menus', 'menu', 'system:menu', ['create', 'update', 'delete']),
      screen('Platform settings', 'platform-setting', 'system:platform-setting', ['update']),
      screen('Parameter settings', 'config', 'system:config', CRUD),
      screen('Dictionaries', 'dict', 'system:dict', CRUD),
      screen('Areas', 'area', 'system:area', [], { buttons: [addedToScreen('system:area', 'export')] }),
      screen('Shipment management', 'shipment', 'system:shipment', [...CRUD, 'import']),
      screen('Shipment calibration', 'shipment-calibration', 'system:shipment-calibration', ['update']),
      screen('User advanced settings', 'user-advanced', 'system:user-advanced', ['update']),
      screen('Account cancellations', 'cancellation', 'system:cancellation', ['export']),
      screen('Online sessions', 'session', 'system:session', ['kick']),
      screen('Jobs', 'job', 'system:job', ['run']),
      {
        name: 'Logs',
        path: 'log',
        icon: 'file-text',
        componentName: 'Logs',
        children: [
          screen('Login log', 'login-log', 'system:login-log', ['export']),
          screen('Operation log', 'operate-log', 'system:operate-log', ['export']),
          screen('SMS log', 'sms-log', 'system:sms-log', ['export']),
        ],
      },
    ],
  },
  {
    name: 'Cloud IoT',
    path: '/iot',
    icon: 'cluster',
    componentName: 'Iot',
    children: [screen('Products', 'product', 'iot:product', CRUD), screen('Devices', 'device', 'iot:device', CRUD)],
  },
  {
    name: 'Content',
    path: '/content',
    icon: 'edit',
    componentName: 'Content',
    children: [
      screen('Guides', 'guide', 'content:guide', CONTENT_ACTIONS),
      screen('Help center', 'help', 'content:help', CONTENT_ACTIONS),
      screen('Common issues', 'common-issue', 'content:common-issue', CONTENT_ACTIONS),
      screen('User manuals', 'manual', 'content:manual', CONTENT_ACTIONS),
      screen('Video manual', 'video', 'content:video', CONTENT_ACTIONS),
      screen('Privacy policies', 'privacy', 'content:privacy', CONTENT_ACTIONS),
    ],
  },
  {
    name: 'Guides',
    path: '/guide',
    icon: 'read',
    componentName: 'Guides',
    children: [
      guide('Spotlight', 'spotlight'),
      guide('Gateway', 'gateway'),
      guide('Smart space sensor', 'smartSpaceSensor'),
      guide('Scene recognition', 'guideSceneRecognition'),
      guide('Customer counting', 'guideCustomerCounting'),
      guide('Heatmap', 'guideHeatmap'),
      guide('Video player', 'guideVideoPlayer'),
      guide('Recessed sensor', 'recessedSensor'),
    ],
  },
  {
    name: 'Help',
    path: '/help',
    icon: 'question-circle',
    componentName: 'Help',
    children: [
      { name: 'Help center', path: '/help-center', component: 'help/center', componentName: 'HelpCenter', keepAlive: false },
      { name: 'Common issues', path: '/commonIssue', component: 'help/common-issue', componentName: 'CommonIssue', keepAlive: false },
      { name: 'User manual', path: '/userManual', component: 'help/user-manual', componentName: 'UserManual', keepAlive: false },
      { name: 'App download', path: '/download', component: 'help/download', componentName: 'AppDownload', keepAlive: false },
      { name: 'Privacy', path: '/privacy-management', component: 'help/privacy', componentName: 'PrivacyManagement', keepAlive: false },
    ],
  },
  {
    // Hidden: reached by address only. The shared components and chart types in each of their
    // states, for people building screens and for the browser tests' visual checks.
    name: 'Test pages',
    path: '/gallery',
    componentName: 'Gallery',
    visible: false,
    children: [
      gallery('Test page 1', 'page-1', 'GalleryLists'),
      gallery('Test page 2', 'page-2', 'GalleryForms'),
      gallery('Test page 3', 'page-3', 'GalleryStatus'),
      gallery('Test page 4', 'page-4', 'GalleryUpload'),
      gallery('Test page 5', 'page-5', 'GalleryFeedback'),
      gallery('Test charts', 'charts', 'GalleryCharts'),
    ],
  },
];
