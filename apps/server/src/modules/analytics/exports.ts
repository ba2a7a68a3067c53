import type { Entrances, ProductPopularity, RankedStore, ResolvedPeriod } from '@lightdesk/contract';
import { calendarDate, column, type CellFormat, type ExcelColumn } from '../../lib/excel';

/**
 * The columns of the analytics tables as files: the console's exports and the workbook of a
 * report by e-mail write the same ones.
 */

/** Dwell times as Excel durations (days), shown as hours, minutes and seconds. */
const days = (ms: number) => ms / 86_400_000;

export const PRODUCT_COLUMNS: ExcelColumn<ProductPopularity>[] = [
  column<ProductPopularity>('rank', 'analytics:shared.figure.rank', { width: 8 }),
  column<ProductPopularity>('name', 'analytics:shared.figure.product', { width: 28 }),
  column<ProductPopularity>('model', 'analytics:shared.figure.model'),
  column<ProductPopularity>('persons', 'analytics:shared.figure.persons'),
  column<ProductPopularity>('dwellShort', 'analytics:shared.figure.dwellShort'),
  column<ProductPopularity>('dwellMedium', 'analytics:shared.figure.dwellMedium'),
  column<ProductPopularity>('dwellLong', 'analytics:shared.figure.dwellLong'),
  column<ProductPopularity>('averageDwell', 'analytics:shared.figure.averageDwell', {
    format: 'duration',
    value: (p) => (p.persons > 0 ? days(p.dwellMs / p.persons) : 0),
  }),
];

export const RANKING_COLUMNS: ExcelColumn<RankedStore>[] = [
  column<RankedStore>('rank', 'analytics:shared.figure.rank', { width: 8 }),
  column<RankedStore>('name', 'analytics:shared.figure.store', { width: 28 }),
  column<RankedStore>('meshId', 'analytics:shared.figure.meshId'),
  column<RankedStore>('countryCode', 'analytics:shared.figure.country', { width: 10 }),
  column<RankedStore>('persons', 'analytics:shared.figure.persons'),
  column<RankedStore>('openDays', 'analytics:allStores.openDays'),
  column<RankedStore>('personsPerOpenDay', 'analytics:allStores.personsPerOpenDay'),
  column<RankedStore>('dwell', 'analytics:shared.figure.dwell', { format: 'duration', value: (s) => days(s.dwellMs) }),
  column<RankedStore>('comparedPersons', 'analytics:shared.figure.personsThen'),
  column<RankedStore>('change', 'analytics:shared.figure.change', { format: 'percent' }),
];

export interface BucketRow {
  bucket: string;
  walkIns: number;
  exits: number;
}
/** A bucket's label is the store's own wall-clock time: a day, an hour or a month of the store. */
const bucketFormat = (r: BucketRow): CellFormat => (r.bucket.length === 7 ? 'month' : r.bucket.length === 10 ? 'date' : 'minute');
export const WALK_IN_COLUMNS: ExcelColumn<BucketRow>[] = [
  column<BucketRow>('bucket', 'analytics:shared.bucket', { width: 20, format: bucketFormat, value: (r) => calendarDate(r.bucket) }),
  column<BucketRow>('walkIns', 'analytics:shared.figure.walkIns'),
  column<BucketRow>('exits', 'analytics:shared.figure.exits'),
];

/** A walk-ins answer as rows of the table: each bucket's label with its walk-ins and exits. */
export const walkInRows = ({ period, series }: { period: ResolvedPeriod; series: Entrances[] }): BucketRow[] =>
  series.map((s, i) => ({ bucket: period.buckets[i]!, ...s }));
