import type { DictData } from '@lightdesk/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import seededLabels from '../locales/en-US/dict.json';
import { useDictStore } from './dict-store';

// The labels the server seeds (English): en-US's translations are exactly those (dict-relabel.test).
const SEEDED: Record<string, Record<string, string> | undefined> = seededLabels;

/** Dictionary entries of one type; re-renders when the cache is refilled. */
export const useDictEntries = (type: string): DictData[] => useDictStore((s) => s.entries(type));

/**
 * A label function in the current language: the translation `<type>.<value>` of the `dict`
 * namespace when the locale has one, else the server's label. The server's
 * labels are Chinese or English only, the console speaks six languages. A translation
 * stands for the seeded label: once an administrator relabels an entry, everyone sees
 * the new label as written, in every list.
 */
export function useDictLabel(): (type: string, value: string) => string {
  // Its own namespace, loaded with the session's dictionaries: the sign-in screen does not need it.
  const { i18n } = useTranslation('dict');
  // Read the cache itself (not the store's stable functions) so labels follow a refilled cache.
  const byType = useDictStore((s) => s.byType);
  const language = i18n.language;
  return useCallback(
    (type: string, value: string) => {
      const key = `${type}.${value}`;
      const server = byType[type]?.find((e) => e.value === value)?.label;
      const relabelled = server !== undefined && server !== SEEDED[type]?.[value];
      if (!relabelled && i18n.exists(key, { ns: 'dict', lng: language })) return i18n.t(key, { ns: 'dict', lng: language });
      // The server's label, or the raw value when the dictionary lacks it (better than a blank cell).
      return server ?? value;
    },
    [i18n, language, byType],
  );
}
