import {
  analyticsApi,
  formatMessage,
  hasPermi,
  type Endpoint,
  type Period,
  type ProductPopularity,
  type ReportFrequency,
  type ReportLanguage,
  type ReportPeriod,
} from '@lightdesk/contract';
import type { Database } from '../../../db/client';
import type { Session } from '../../../lib/context';
import { column, excelFile, excelReader, excelSheet, type ExcelColumn } from '../../../lib/excel';
import { PRODUCT_COLUMNS, RANKING_COLUMNS, WALK_IN_COLUMNS, walkInRows, type BucketRow } from '../exports';
import { walkIns } from '../queries/counting';
import { storeComparison, storePopularity, storeRanking } from '../queries/popularity';
import { REPORT_TEXTS } from './mail-texts';
import { PERIOD_KIND, periodBefore } from './periods';

/** A store a report covers. */
export interface ReportStore {
  id: number;
  name: string;
  timezone: string;
}

/** What the mail's table shows of a store, or of all of them, over a period. */
export interface KeyFigures {
  persons: number;
  walkIns: number;
  dwellMs: number;
  openDays: number;
  personsPerOpenDay: number;
}

export interface FigureLine {
  name: string;
  figures: KeyFigures;
  /** The same over the period before. */
  before: KeyFigures;
}

export interface Report {
  frequency: ReportFrequency;
  period: ReportPeriod;
  previous: ReportPeriod;
  lines: FigureLine[];
  /** The stores together, when there are several. */
  total: FigureLine | null;
  /** Whether the subscriber may read walk-ins (their screen's permission): their figures are left out otherwise. */
  walkIns: boolean;
  sheets: Parameters<typeof excelFile>[0];
}

/** Every product of a store, not a top few. */
const ALL = Number.MAX_SAFE_INTEGER;

const STORE_COLUMN = column<{ store: string }>('store', 'analytics:shared.figure.store', { width: 28 });
const withStore = <T>(columns: ExcelColumn<T>[]): ExcelColumn<T & { store: string }>[] => [STORE_COLUMN, ...columns];

const sum = (lines: KeyFigures[], of: (f: KeyFigures) => number) => lines.reduce((n, f) => n + of(f), 0);
function together(lines: KeyFigures[]): KeyFigures {
  const persons = sum(lines, (f) => f.persons);
  const openDays = sum(lines, (f) => f.openDays);
  return {
    persons,
    walkIns: sum(lines, (f) => f.walkIns),
    dwellMs: sum(lines, (f) => f.dwellMs),
    openDays,
    personsPerOpenDay: openDays > 0 ? persons / openDays : 0,
  };
}

/**
 * A period's figures for the stores, each against the period before, read through the analytics
 * screens' own queries with the subscriber's access: the store popularity (persons, dwell and
 * products), the walk-ins, the comparison of stores (open days) and the all-stores ranking. The
 * walk-ins and the ranking are in only when the subscriber holds their screens.
 */
export async function buildReport(
  db: Database,
  session: Session,
  now: Date,
  frequency: ReportFrequency,
  period: ReportPeriod,
  stores: ReportStore[],
  language: ReportLanguage,
): Promise<Report> {
  const asked: Period = { kind: PERIOD_KIND[frequency], date: period.from, compare: 'previous' };
  const may = (screen: Endpoint) => 'permission' in screen.access && hasPermi(session.permissions, screen.access.permission);
  const [withWalkIns, withRanking] = [may(analyticsApi.walkIns), may(analyticsApi.storeRanking)];
  const ranking = withRanking ? await storeRanking(session, now, { period: asked, name: undefined, countryCode: undefined }).rows(db, 0, ALL) : [];
  const perStore = [];
  // One store at a time: a report of many stores must not take every connection of the pool.
  for (const store of stores) {
    const [popularity, entrances, compared] = await Promise.all([
      storePopularity(db, session, now, { storeId: store.id, period: asked, top: ALL }),
      withWalkIns ? walkIns(db, session, now, { storeId: store.id, period: asked }) : null,
      storeComparison(db, session, now, { period: asked, storeIds: [store.id] }),
    ]);
    const days = compared.stores[0]!;
    const line: FigureLine = {
      name: store.name,
      figures: {
        persons: popularity.totals.persons,
        walkIns: entrances?.totals.walkIns ?? 0,
        dwellMs: popularity.totals.dwellMs,
        openDays: days.openDays,
        personsPerOpenDay: days.personsPerOpenDay,
      },
      before: {
        persons: popularity.comparison!.totals.persons,
        walkIns: entrances?.comparison!.totals.walkIns ?? 0,
        dwellMs: popularity.comparison!.totals.dwellMs,
        openDays: days.comparison!.openDays,
        personsPerOpenDay: days.comparison!.personsPerOpenDay,
      },
    };
    const products: (ProductPopularity & { store: string })[] = popularity.products.map((p) => ({ ...p, store: store.name }));
    const buckets: (BucketRow & { store: string })[] = entrances ? walkInRows(entrances).map((r) => ({ ...r, store: store.name })) : [];
    perStore.push({ line, products, buckets });
  }
  const lines = perStore.map((s) => s.line);
  const ids = new Set(stores.map((s) => s.id));
  return {
    frequency,
    period,
    previous: periodBefore(frequency, period),
    lines,
    total:
      lines.length > 1
        ? { name: REPORT_TEXTS[language].total, figures: together(lines.map((l) => l.figures)), before: together(lines.map((l) => l.before)) }
        : null,
    walkIns: withWalkIns,
    sheets: [
      ...(withRanking
        ? [
            excelSheet(
              'analytics:subscriptions.sheet.stores',
              RANKING_COLUMNS,
              ranking.filter((r) => ids.has(r.storeId)),
            ),
          ]
        : []),
      excelSheet(
        'analytics:subscriptions.sheet.products',
        withStore(PRODUCT_COLUMNS),
        perStore.flatMap((s) => s.products),
      ),
      ...(withWalkIns
        ? [
            excelSheet(
              'analytics:subscriptions.sheet.walkIns',
              withStore(WALK_IN_COLUMNS),
              perStore.flatMap((s) => s.buckets),
            ),
          ]
        : []),
    ],
  };
}

/** A report as a mail: subject, text, the same as a page, and its workbook. */
export interface ReportMail {
  subject: string;
  text: string;
  html: string;
  attachment: { filename: string; content: Buffer; contentType: string };
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const asDate = (date: string) => new Date(`${date}T00:00:00Z`);

/** A period in words, in the reader's language: the day, the week's first and last day, the month. */
function periodLabel(language: ReportLanguage, frequency: ReportFrequency, period: ReportPeriod): string {
  if (frequency === 'daily') return new Intl.DateTimeFormat(language, { dateStyle: 'full', timeZone: 'UTC' }).format(asDate(period.from));
  if (frequency === 'weekly')
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).formatRange(asDate(period.from), asDate(period.to));
  return new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(asDate(period.from));
}

/** A change as a fraction: 0.25 is a quarter more; null when there was nothing to compare with. */
export const changeOf = (now: number, before: number) => (before > 0 ? (now - before) / before : null);
export const averageDwellMs = (f: KeyFigures) => (f.persons > 0 ? f.dwellMs / f.persons : 0);

/**
 * The mail of a report: a table of the stores' key figures (and their total), each with its
 * change against the period before, in the subscriber's language, and the figures as a workbook.
 */
export async function reportMail(
  report: Report,
  options: { language: ReportLanguage; recipient: string; scope: string; sample: boolean },
): Promise<ReportMail> {
  const { language } = options;
  const texts = REPORT_TEXTS[language];
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  const seconds = new Intl.NumberFormat(language, { style: 'unit', unit: 'second', unitDisplay: 'short', maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' });
  const columns: { label: string; value: (f: KeyFigures) => number; format: (n: number) => string }[] = [
    { label: texts.persons, value: (f) => f.persons, format: (n) => number.format(n) },
    ...(report.walkIns ? [{ label: texts.walkIns, value: (f: KeyFigures) => f.walkIns, format: (n: number) => number.format(n) }] : []),
    { label: texts.averageDwell, value: (f) => averageDwellMs(f) / 1000, format: (n) => seconds.format(n) },
    { label: texts.personsPerOpenDay, value: (f) => f.personsPerOpenDay, format: (n) => number.format(n) },
  ];
  const cell = (line: FigureLine, column: (typeof columns)[number]) => {
    const now = column.value(line.figures);
    const before = column.value(line.before);
    const change = changeOf(now, before);
    return {
      value: column.format(now),
      change: change === null ? '—' : percent.format(change),
      before: formatMessage(texts.before, { value: column.format(before) }),
    };
  };
  const rows = report.total ? [...report.lines, report.total] : report.lines;
  const period = periodLabel(language, report.frequency, report.period);
  const previous = formatMessage(texts.previous[report.frequency], { period: periodLabel(language, report.frequency, report.previous) });
  const subject = (options.sample ? texts.sample : '') + formatMessage(texts.subject, { title: texts.title[report.frequency], scope: options.scope, period });
  const greeting = formatMessage(texts.greeting, { name: options.recipient });
  const intro = formatMessage(texts.intro, { period, previous });

  const text = [
    greeting,
    '',
    intro,
    '',
    ...rows.flatMap((line) => [
      line.name,
      ...columns.map((c) => {
        const { value, change, before } = cell(line, c);
        return `  ${c.label}: ${value} (${change}; ${before})`;
      }),
      '',
    ]),
    texts.attachment[report.frequency],
    '',
    texts.footer,
  ].join('\n');

  const th = (label: string) => `<th style="text-align:left;padding:4px 8px;border-bottom:1px solid #ccc">${escapeHtml(label)}</th>`;
  const tr = (line: FigureLine, total: boolean) =>
    `<tr${total ? ' style="font-weight:bold"' : ''}><td style="padding:4px 8px">${escapeHtml(line.name)}</td>${columns
      .map((c) => {
        const { value, change, before } = cell(line, c);
        return `<td style="padding:4px 8px">${escapeHtml(value)}<br><small>${escapeHtml(change)} · ${escapeHtml(before)}</small></td>`;
      })
      .join('')}</tr>`;
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<table style="border-collapse:collapse"><thead><tr>${th(texts.store)}${columns.map((c) => th(c.label)).join('')}</tr></thead>`,
    `<tbody>${report.lines.map((l) => tr(l, false)).join('')}${report.total ? tr(report.total, true) : ''}</tbody></table>`,
    `<p>${escapeHtml(texts.attachment[report.frequency])}</p>`,
    `<p style="color:#666">${escapeHtml(texts.footer)}</p>`,
    '</body></html>',
  ].join('');

  const span = report.period.from === report.period.to ? report.period.from : `${report.period.from}_${report.period.to}`;
  return {
    subject,
    text,
    html,
    attachment: { filename: `report-${span}.xlsx`, content: await excelFile(report.sheets, excelReader({ language })), contentType: XLSX },
  };
}
