import { screensReadInEveryLanguage } from '../languages';

screensReadInEveryLanguage(
  'store',
  ['/store/mesh', '/store/user', '/system/app-user', '/system/user-advanced', '/system/cancellation', '/device/luminaire', '/device/mobile', '/messageList'],
  {
    path: '/store/mesh',
    name: 'store-management',
  },
  'de-DE',
);
