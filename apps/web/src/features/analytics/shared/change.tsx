import type { Comparison, Period, ResolvedPeriod } from '@lightdesk/contract';
import Tooltip from 'antd/es/tooltip';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../lib/i18n/languages';
import { formatNumber } from '../../../lib/i18n/ui-locale';
import { useAnalyticsFormat } from './format';
import { periodDates } from './period';

/** What a screen's figures are set against: the comparison asked for, and its period where one applies. */
export interface Against {
  compare: Comparison;
  /** The comparison period as the server resolved it; absent where every store has its own (the ranking, the map). */
  period?: ResolvedPeriod;
}

export type ChangeDirection = 'up' | 'down' | 'same' | 'new' | 'none';

/** How a figure moved against the same figure then; with nobody then, a share of nothing means nothing, so it is "new" or nothing at all. */
export function changeOf(value: number, compared: number): { direction: ChangeDirection; fraction?: number } {
  if (compared === 0) return { direction: value > 0 ? 'new' : 'none' };
  const fraction = (value - compared) / compared;
  // What would read as 0 % is no change.
  const direction = Math.abs(fraction) < 0.0005 ? 'same' : fraction > 0 ? 'up' : 'down';
  return { direction, fraction };
}

/** A figure's change as words: the short sign and percentage, what a screen reader says, and the figure then with its period. */
export function useChangeText() {
  const { t, i18n } = useTranslation('analytics');
  const format = useAnalyticsFormat();
  const language = i18n.language;
  return useCallback(
    (value: number, compared: number, against: Against, shown: (value: number) => string = format.number) => {
      const { direction, fraction = 0 } = changeOf(value, compared);
      const change = formatNumber(Math.abs(fraction), language as Language, { style: 'percent', maximumFractionDigits: 1 });
      const short = { up: `▲ ${change}`, down: `▼ ${change}`, same: change, new: t('shared.change.new'), none: '—' }[direction];
      const then = shown(compared);
      const comparison = t(`shared.compare.${against.compare}`);
      return {
        direction,
        short,
        label: t(`shared.change.say.${direction}`, { change, against: t(`shared.compare.against.${against.compare}`), then }),
        detail: against.period
          ? t('shared.change.thenDated', { comparison, dates: periodDates(against.period, language), value: then })
          : t('shared.change.then', { comparison, value: then }),
      };
    },
    [t, language, format],
  );
}

/**
 * The comparison a screen shows, from its period and the answer's comparison period: what its
 * figures are set against (none unless the period asks), and its charts' comparison series.
 */
export function useComparison(period: Period, resolved: ResolvedPeriod | null | undefined) {
  const { t, i18n } = useTranslation('analytics');
  const against = useMemo<Against | undefined>(
    () => (period.compare ? { compare: period.compare, ...(resolved && { period: resolved }) } : undefined),
    [period.compare, resolved],
  );
  const language = i18n.language;
  /** A series' comparison, named by its period's dates (or "then" where every store has its own); none without figures. */
  const series = useCallback(
    (name: string, data: readonly (number | null)[] | undefined) =>
      against && data
        ? {
            name: against.period ? t('shared.change.series', { name, dates: periodDates(against.period, language) }) : t('shared.change.seriesThen', { name }),
            data,
          }
        : undefined,
    [against, t, language],
  );
  return { against, series };
}

/** A screen's maker of comparison series (`useComparison(…).series`). */
export type ComparedSeries = ReturnType<typeof useComparison>['series'];

export interface ChangeProps {
  /** The figure now. */
  value: number;
  /** The same figure over the comparison period; nothing is shown without one. */
  compared: number | null | undefined;
  against: Against | undefined;
  /** How the figures read (a count by default; a duration for dwell times). */
  format?: (value: number) => string;
}

/**
 * A figure's change against the comparison period: ▲ or ▼ and the percentage, coloured; "new" or
 * "—" when nobody was counted then; the figure then and its period in a tooltip.
 */
export function Change({ value, compared, against, format }: ChangeProps) {
  const describe = useChangeText();
  if (!against || compared === null || compared === undefined) return null;
  const { direction, short, label, detail } = describe(value, compared, against, format);
  return (
    <Tooltip title={detail}>
      <span className={`ld-change ld-change-${direction}`} role="img" aria-label={label} data-testid="change" data-direction={direction}>
        {short}
      </span>
    </Tooltip>
  );
}
