import { screensReadInEveryLanguage } from '../languages';

screensReadInEveryLanguage(
  'administration',
  [
    '/system/user',
    '/system/role',
    '/system/dept',
    '/system/post',
    '/system/tenant',
    '/system/tenant-package',
    '/system/menu',
    '/system/platform-setting',
    '/system/config',
    '/system/dict',
    '/system/area',
    '/system/session',
    '/system/log/login-log',
    '/system/log/operate-log',
    '/system/log/sms-log',
  ],
  { path: '/system/user', name: 'admin-staff' },
  'zh-CN',
);
