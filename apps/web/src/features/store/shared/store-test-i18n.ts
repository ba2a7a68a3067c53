import type { i18n as I18n } from 'i18next';
import { testI18n } from '../../../components/test-utils';
import store from '../../../locales/en-US/store.json';

/** The components test instance plus the en-US stores namespace, so tests read what people read. */
export function storeTestI18n(): I18n {
  const i18n = testI18n();
  i18n.addResourceBundle('en-US', 'store', store);
  return i18n;
}
