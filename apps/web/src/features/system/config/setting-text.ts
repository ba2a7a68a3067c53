import type { ConfigEntry } from '@lightdesk/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { seededText } from '../../../components/seeded-text';
import { config } from '../../../locales/en-US/system.json';

type Field = 'name' | 'remark';
type Strings = { [key: string]: string | Strings | undefined };

/** What the server seeded for a built-in parameter: en-US's translation (setting-text.test holds it to the server's words). */
function seededWords(key: string, field: Field): string | undefined {
  const found = [...key.split('.'), field].reduce<string | Strings | undefined>((at, part) => (typeof at === 'object' ? at[part] : undefined), config.settings);
  return typeof found === 'string' ? found : undefined;
}

/** A parameter's name or remark in the reader's language: a built-in one's seeded words translated (`config.settings.<key>`), any other as written. */
export function useSettingText() {
  const { t } = useTranslation('system');
  return useCallback(
    (row: Pick<ConfigEntry, 'key' | 'builtIn' | Field>, field: Field): string =>
      row.builtIn ? seededText(t, `config.settings.${row.key}.${field}`, row[field], seededWords(row.key, field)) : row[field],
    [t],
  );
}
