import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnalyticsStore, Bucket, Page, ResolvedPeriod } from '@lightdesk/contract';
import type { i18n as I18n } from 'i18next';
import { testI18n } from '../../../components/test-utils';
import analytics from '../../../locales/en-US/analytics.json';

/** The components test instance plus the en-US analytics namespace, so tests read what people read. */
export function analyticsTestI18n(): I18n {
  const i18n = testI18n();
  i18n.addResourceBundle('en-US', 'analytics', analytics);
  return i18n;
}

const store = (id: number, name: string): AnalyticsStore => ({ id, meshId: `M${id}`, name, countryCode: 'NL', timezone: 'Europe/Amsterdam' });

/** What the store picker finds. */
export const STORES: Page<AnalyticsStore> = { list: [store(3, 'Amsterdam Centraal'), store(4, 'Utrecht Hoog Catharijne')], total: 2 };

/** A period the server resolved, with the given buckets. */
export const resolved = (bucket: Bucket, buckets: string[]): ResolvedPeriod => ({
  timezone: 'Europe/Amsterdam',
  from: buckets[0] ?? '2026-03-04T00:00',
  to: '2026-03-05T00:00',
  bucket,
  buckets,
});

/** Picks a period kind or quick range by its label, as a person clicks it. */
export const choosePeriod = (label: string) => userEvent.click(within(screen.getByTestId('period-picker')).getByText(label));

/** Picks what to compare the period with ("Previous period", "A year earlier", "None"), as a person clicks it. */
export const chooseComparison = (label: string) => userEvent.click(within(screen.getByTestId('compare-picker')).getByText(label));
