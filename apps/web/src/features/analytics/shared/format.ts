import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatNumber } from '../../../lib/i18n/ui-locale';
import type { Language } from '../../../lib/i18n/languages';
import { bucketLabel } from './period';
import type { Bucket } from '@lightdesk/contract';

/**
 * A duration as people say it: "1 min 5 s", "2 h 3 min"; under a minute with one decimal
 * ("4.2 s"), since average dwell times are often a few seconds.
 */
export function formatDuration(ms: number, t: TFunction, language: string): string {
  const n = (value: number, digits = 0) => formatNumber(value, language as Language, { maximumFractionDigits: digits });
  if (!Number.isFinite(ms) || ms <= 0) return t('shared.unit.seconds', { value: n(0) });
  if (ms < 60_000) return t('shared.unit.seconds', { value: n(ms / 1000, 1) });
  const total = Math.round(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const parts = [
    hours ? t('shared.unit.hours', { value: n(hours) }) : '',
    minutes ? t('shared.unit.minutes', { value: n(minutes) }) : '',
    seconds && !hours ? t('shared.unit.seconds', { value: n(seconds) }) : '',
  ];
  return parts.filter(Boolean).join(' ');
}

/** Dwell per person; nothing when no one came. */
export const averageDwell = (dwellMs: number, persons: number) => (persons > 0 ? dwellMs / persons : 0);

/** The analytics screens' number, duration and bucket formats in the reader's language. */
export function useAnalyticsFormat() {
  const { t, i18n } = useTranslation('analytics');
  const language = i18n.language;
  return useMemo(
    () => ({
      number: (value: number, digits = 0) => formatNumber(value, language as Language, { maximumFractionDigits: digits }),
      duration: (ms: number) => formatDuration(ms, t, language),
      bucket: (label: string, bucket: Bucket) => bucketLabel(label, bucket, language),
    }),
    [t, language],
  );
}
export type AnalyticsFormat = ReturnType<typeof useAnalyticsFormat>;
