import type { Entrances, ProductPopularity, RankedStore, ResolvedPeriod } from '@lightdesk/contract';
import type { ExcelColumn } from '../../lib/excel';

/**
 * The columns of the analytics tables as files: the console's exports and the workbook of a
 * report by e-mail write the same ones.
 */

const seconds = (ms: number) => Math.round(ms / 100) / 10;

export const PRODUCT_COLUMNS: ExcelColumn<ProductPopularity>[] = [
  { key: 'rank', header: { zh: '排名', en: 'Rank' }, width: 8, value: (p) => p.rank },
  { key: 'name', header: { zh: '产品', en: 'Product' }, width: 28, value: (p) => p.name },
  { key: 'model', header: { zh: '型号', en: 'Model' }, value: (p) => p.model },
  { key: 'persons', header: { zh: '人次', en: 'Persons' }, value: (p) => p.persons },
  { key: 'dwellShort', header: { zh: '停留 < 5 秒', en: 'Dwell < 5 s' }, value: (p) => p.dwellShort },
  { key: 'dwellMedium', header: { zh: '停留 5–60 秒', en: 'Dwell 5–60 s' }, value: (p) => p.dwellMedium },
  { key: 'dwellLong', header: { zh: '停留 > 60 秒', en: 'Dwell > 60 s' }, value: (p) => p.dwellLong },
  { key: 'averageDwell', header: { zh: '平均停留（秒）', en: 'Average dwell (s)' }, value: (p) => (p.persons > 0 ? seconds(p.dwellMs / p.persons) : 0) },
];

export const RANKING_COLUMNS: ExcelColumn<RankedStore>[] = [
  { key: 'rank', header: { zh: '排名', en: 'Rank' }, width: 8, value: (s) => s.rank },
  { key: 'name', header: { zh: '门店', en: 'Store' }, width: 28, value: (s) => s.name },
  { key: 'meshId', header: { zh: '门店 ID', en: 'Store ID' }, value: (s) => s.meshId },
  { key: 'countryCode', header: { zh: '国家/地区', en: 'Country' }, width: 10, value: (s) => s.countryCode },
  { key: 'persons', header: { zh: '人次', en: 'Persons' }, value: (s) => s.persons },
  { key: 'openDays', header: { zh: '营业天数', en: 'Open days' }, value: (s) => s.openDays },
  { key: 'personsPerOpenDay', header: { zh: '日均人次', en: 'Persons per open day' }, value: (s) => s.personsPerOpenDay },
  { key: 'dwell', header: { zh: '总停留（秒）', en: 'Total dwell (s)' }, value: (s) => seconds(s.dwellMs) },
  { key: 'comparedPersons', header: { zh: '对比期人次', en: 'Persons then' }, value: (s) => s.comparedPersons },
  { key: 'change', header: { zh: '变化（%）', en: 'Change (%)' }, value: (s) => (s.change === null ? null : Math.round(s.change * 1000) / 10) },
];

export interface BucketRow {
  bucket: string;
  walkIns: number;
  exits: number;
}
export const WALK_IN_COLUMNS: ExcelColumn<BucketRow>[] = [
  { key: 'bucket', header: { zh: '时间', en: 'Time' }, width: 20, value: (r) => r.bucket },
  { key: 'walkIns', header: { zh: '进店', en: 'Walk-ins' }, value: (r) => r.walkIns },
  { key: 'exits', header: { zh: '离店', en: 'Exits' }, value: (r) => r.exits },
];

/** A walk-ins answer as rows of the table: each bucket's label with its walk-ins and exits. */
export const walkInRows = ({ period, series }: { period: ResolvedPeriod; series: Entrances[] }): BucketRow[] =>
  series.map((s, i) => ({ bucket: period.buckets[i]!, ...s }));
