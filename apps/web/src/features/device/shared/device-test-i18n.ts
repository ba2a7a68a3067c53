import type { i18n as I18n } from 'i18next';
import { testI18n } from '../../../components/test-utils';
import device from '../../../locales/en-US/device.json';

/** The components test instance plus the en-US device namespace, so tests read what people read. */
export function deviceTestI18n(): I18n {
  const i18n = testI18n();
  i18n.addResourceBundle('en-US', 'device', device);
  return i18n;
}
