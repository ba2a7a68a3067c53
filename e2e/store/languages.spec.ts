import { screensReadInEveryLanguage } from '../languages';

screensReadInEveryLanguage('store', ['/store/user'], { path: '/store/user', name: 'store-users' });
