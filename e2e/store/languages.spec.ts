import { screensReadInEveryLanguage } from '../languages';

screensReadInEveryLanguage('store', ['/store/mesh', '/store/user'], { path: '/store/user', name: 'store-users' });
