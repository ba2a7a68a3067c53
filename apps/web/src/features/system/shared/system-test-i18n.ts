import type { i18n as I18n, ResourceKey } from 'i18next';
import { testI18n } from '../../../components/test-utils';

// Tests only: the administration screens' own namespaces (system-*.json) in en-US.
const files = import.meta.glob<ResourceKey>('../../../locales/en-US/system-*.json', { eager: true, import: 'default' });

/** The components test instance plus every en-US `system-*` namespace, so tests read what people read. */
export function systemTestI18n(): I18n {
  const i18n = testI18n();
  for (const [path, strings] of Object.entries(files)) i18n.addResourceBundle('en-US', /([^/]+)\.json$/.exec(path)![1]!, strings);
  return i18n;
}
