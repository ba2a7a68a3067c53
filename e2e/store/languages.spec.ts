import { screensReadInEveryLanguage } from '../languages';

screensReadInEveryLanguage('store', ['/store/mesh', '/store/user', '/device/luminaire', '/device/mobile', '/messageList'], {
  path: '/store/mesh',
  name: 'store-management',
});
