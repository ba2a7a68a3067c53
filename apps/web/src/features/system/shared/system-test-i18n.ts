import type { i18n as I18n } from 'i18next';
import { testI18n } from '../../../components/test-utils';
import system from '../../../locales/en-US/system.json';

/** The components test instance plus the en-US administration namespace, so tests read what people read. */
export function systemTestI18n(): I18n {
  const i18n = testI18n();
  i18n.addResourceBundle('en-US', 'system', system);
  return i18n;
}
