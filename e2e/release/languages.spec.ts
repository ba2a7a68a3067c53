import { screensReadInEveryLanguage } from '../languages';

screensReadInEveryLanguage(
  'app version',
  ['/app/android', '/app/android-intl', '/app/ios', '/app/ios-intl'],
  { path: '/app/ios-intl', name: 'app-ios-intl' },
  'fr-FR',
);
