import type { Period } from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { FilterConfig } from '../../../components/list-filters';
import type { ListShape } from '../../../components/list-url-state';
import { useListUrlState } from '../../../components/use-list-url-state';
import { comparisonOf, DEFAULT_PERIOD, isPeriodKind, periodOf } from './period';
import { storeOptionsQuery } from './store-picker';

// The screen's choices live in its address as a list's filters do (`?storeId=3&kind=month&date=2026-11-01&compare=previous`),
// so a refresh, a bookmark or a link from another screen opens the same figures.
const param = (name: string): FilterConfig => ({ kind: 'text', name, label: name });
const SHAPE: ListShape = { filters: [param('storeId'), param('kind'), param('date'), param('compare')], sortKeys: [], paged: false };
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface AnalyticsAddress {
  storeId?: number;
  period: Period;
  setStoreId: (storeId: number, write?: 'push' | 'replace') => void;
  setPeriod: (period: Period) => void;
}

/**
 * The store and period an analytics screen shows, read from and written to its address. With no
 * store chosen it shows the first store without writing it down: a screen must not move the
 * address on its own, or a person who has just opened another screen would be sent back here.
 */
export function useAnalyticsAddress(): AnalyticsAddress {
  const { state, update } = useListUrlState(SHAPE);
  const { storeId: storeText, kind, date, compare } = state.filters;
  const chosen = storeText && /^\d{1,9}$/.test(storeText) ? Number(storeText) : undefined;
  const { data: stores } = useQuery({ ...storeOptionsQuery(''), enabled: chosen === undefined });
  const storeId = chosen ?? stores?.[0]?.id;
  const period = useMemo<Period>(() => {
    // A link may name only the comparison: it is then the default period's.
    if (!isPeriodKind(kind)) return periodOf(DEFAULT_PERIOD.kind, undefined, comparisonOf(DEFAULT_PERIOD.kind, compare));
    return periodOf(kind, date && DATE.test(date) ? date : undefined, comparisonOf(kind, compare));
  }, [kind, date, compare]);

  const write = useCallback(
    (next: { storeId?: number; period: Period }, how: 'push' | 'replace' = 'push') => {
      const filters: Record<string, string> = { kind: next.period.kind };
      if (next.storeId !== undefined) filters.storeId = String(next.storeId);
      if (next.period.date) filters.date = next.period.date;
      if (next.period.compare) filters.compare = next.period.compare;
      update({ filters }, how);
    },
    [update],
  );
  const setStoreId = useCallback((id: number, how?: 'push' | 'replace') => write({ storeId: id, period }, how), [write, period]);
  const setPeriod = useCallback((next: Period) => write({ storeId, period: next }), [write, storeId]);
  return { storeId, period, setStoreId, setPeriod };
}
