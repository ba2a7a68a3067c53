import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { seededText } from '../../../components/seeded-text';
import { dict } from '../../../locales/en-US/system.json';

const SEEDED: Record<string, string | undefined> = dict.typeNames;

/** A dictionary's name in the reader's language: a seeded one's (`dict.typeNames.<type>`) translated until an administrator renames it. */
export function useDictTypeName() {
  const { t } = useTranslation('system');
  return useCallback(
    (dictionary: { type: string; name: string }) => seededText(t, `dict.typeNames.${dictionary.type}`, dictionary.name, SEEDED[dictionary.type]),
    [t],
  );
}
