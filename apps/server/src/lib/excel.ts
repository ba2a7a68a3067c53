import type ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { countryName, dictLabel, lookupText, readerLanguage, textOf, type LabelKey, type Language } from './locales';
import { loadLater } from './load-later';
import { SENT } from './routes';

/** exceljs, loaded with the first workbook read or written: a server start need not wait the third of a second it takes. */
export const exceljs = loadLater<typeof ExcelJS>('exceljs');

export type Cell = string | number | boolean | Date | null | undefined;

/**
 * How a cell's number reads. Dates and times are Excel dates shown as the reader's list shows
 * them (`datetime`; `minute` and `month` for analytics buckets; `date` for calendar dates);
 * `duration` is a number of days shown as hours, minutes and seconds; `percent` a fraction.
 */
export type CellFormat = 'datetime' | 'minute' | 'date' | 'month' | 'duration' | 'percent';

/** The stored labels of dictionaries' enabled entries, by type and value: what the web's dictionary cache holds. */
export type StoredDictionaries = (types: readonly string[]) => Promise<Record<string, Record<string, string>>>;

/** Who a file is written for: the words and clock of the console they read it beside. */
export interface ExcelReader {
  language: Language;
  /** A text of the web's locale files in the reader's language. */
  text(key: LabelKey): string;
  /** A dictionary entry's label as the reader's lists show it. */
  dict(type: string, value: string | number | null | undefined): string;
  /** A country's name in the reader's language, with its code. */
  country(code: string | null): string;
  /**
   * A moment as the reader's list shows it, for a date cell: an Excel date has no time zone, so
   * the cell holds the wall-clock time of the reader's zone (the zone the console's lists use).
   */
  wallClock(at: Date | string | null | undefined): Date | null;
}

export interface ExcelColumn<T> {
  key: string;
  /** The header: the label key of the list column it mirrors (`system:post.code`). */
  label: LabelKey;
  width?: number;
  /** The dictionary whose labels the cells show: its stored labels are read once, before the file starts. */
  dict?: string;
  /** How the cells' numbers read; a function when it varies by row. */
  format?: CellFormat | ((row: T) => CellFormat | undefined);
  value: (row: T, reader: ExcelReader) => Cell;
}

type ColumnOptions<T> = Pick<ExcelColumn<T>, 'width' | 'format'> & { value?: ExcelColumn<T>['value'] };
const fieldOf = <T>(row: T, key: string) => (row as Record<string, Cell>)[key];

/**
 * A column of the row's own value, or of `value` when it must be worked out (its key then need
 * not be a field of the row); `column<PostRow>('code', 'system:post.code')`, as the web's `col`.
 */
export function column<T>(key: keyof T & string, label: LabelKey, options?: ColumnOptions<T>): ExcelColumn<T>;
export function column<T>(key: string, label: LabelKey, options: ColumnOptions<T> & { value: ExcelColumn<T>['value'] }): ExcelColumn<T>;
export function column<T>(key: string, label: LabelKey, { value, ...options }: ColumnOptions<T> = {}): ExcelColumn<T> {
  return { key, label, ...options, value: value ?? ((row) => fieldOf(row, key)) };
}

/** A moment (a timestamp) as a date and time on the reader's clock, as the web's `dateCol` shows it. */
export const dateColumn = <T>(key: keyof T & string, label: LabelKey, options: Pick<ExcelColumn<T>, 'width'> = {}): ExcelColumn<T> => ({
  key,
  label,
  ...options,
  format: 'datetime',
  value: (row, reader) => reader.wallClock(fieldOf(row, key) as Date | string | null),
});

/** A calendar date (`2026-03-10`), the same day for every reader. */
export const dayColumn = <T>(key: keyof T & string, label: LabelKey): ExcelColumn<T> => ({
  key,
  label,
  format: 'date',
  value: (row) => calendarDate(fieldOf(row, key) as string | null),
});

/**
 * A dictionary value as its label, as the web's `dictCol` shows it; `entry` picks the entry when
 * the field is not itself the dictionary's value (a flag shown as `online` or `offline`).
 */
export const dictColumn = <T>(
  key: keyof T & string,
  label: LabelKey,
  type: string,
  options: Pick<ExcelColumn<T>, 'width'> & { entry?: (row: T) => string | number | null } = {},
): ExcelColumn<T> => {
  const { entry = (row: T) => fieldOf(row, key) as string | number | null, ...rest } = options;
  return { key, label, ...rest, dict: type, value: (row, reader) => reader.dict(type, entry(row)) };
};

/**
 * A code (or a flag) in the words the list uses for it: `labelOf` names the label key, as
 * `(l) => \`system:log.kind.${l.kind}\``; a code no locale has a label for shows as itself.
 */
export const labelColumn = <T>(
  key: keyof T & string,
  label: LabelKey,
  labelOf: (row: T) => LabelKey,
  options: Pick<ExcelColumn<T>, 'width'> = {},
): ExcelColumn<T> => ({
  key,
  label,
  ...options,
  value: (row, reader) => {
    const code = fieldOf(row, key);
    return code === null || code === undefined || code === '' ? '' : (lookupText(reader.language, labelOf(row)) ?? String(code));
  },
});

/** A country code as the list shows it: `Deutschland (DE)`. */
export const countryColumn = <T>(key: keyof T & string, label: LabelKey): ExcelColumn<T> => ({
  key,
  label,
  value: (row, reader) => reader.country(fieldOf(row, key) as string | null),
});

/**
 * A calendar date or a wall-clock label already on the clock it is read by (`2026-03-10`,
 * `2026-03-10T14:00`, `2026-03`: an analytics bucket, in the store's time) as an Excel date.
 */
export function calendarDate(date: string | null | undefined): Date | null {
  const m = date ? /^(\d{4})-(\d{2})(?:-(\d{2}))?(?:T(\d{2}):(\d{2}))?/.exec(date) : null;
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3] ?? 1), Number(m[4] ?? 0), Number(m[5] ?? 0))) : null;
}

/** A time zone Intl knows, or UTC. */
function knownZone(zone: string | undefined): string {
  if (!zone) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

const wallClockParts = (zone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });

/** The reader of a file: their language, clock and dictionaries' stored labels (none: the translations alone). */
export function excelReader(of: { language: Language; timeZone?: string; dictionaries?: Record<string, Record<string, string>> }): ExcelReader {
  const { language } = of;
  const clock = wallClockParts(knownZone(of.timeZone));
  const regions = new Map<string, string>();
  return {
    language,
    text: (key) => textOf(language, key),
    dict: (type, value) =>
      value === null || value === undefined || value === '' ? '' : dictLabel(language, type, String(value), of.dictionaries?.[type]?.[String(value)]),
    country: (code) => {
      if (!code) return '';
      let name = regions.get(code);
      if (name === undefined) regions.set(code, (name = countryName(language, code)));
      return name;
    },
    wallClock: (at) => {
      if (at === null || at === undefined || at === '') return null;
      const moment = at instanceof Date ? at : new Date(at);
      if (Number.isNaN(moment.getTime())) return null;
      const p = Object.fromEntries(clock.formatToParts(moment).map((x) => [x.type, Number(x.value)]));
      return new Date(Date.UTC(p.year!, p.month! - 1, p.day, p.hour, p.minute, p.second));
    },
  };
}

/**
 * The reader of a download, from what the web's download clients send: the console's language
 * (`Accept-Language`) and the browser's time zone (`Time-Zone`, an IANA name), the zone the
 * lists show times in. A client that sends neither reads English on UTC.
 */
async function requestReader<T>(req: FastifyRequest, dictionaries: StoredDictionaries, columns: readonly ExcelColumn<T>[]): Promise<ExcelReader> {
  const types = [...new Set(columns.flatMap((c) => (c.dict ? [c.dict] : [])))];
  const zone = req.headers['time-zone'];
  return excelReader({
    language: readerLanguage(req.headers['accept-language']),
    timeZone: typeof zone === 'string' ? zone : undefined,
    dictionaries: types.length ? await dictionaries(types) : {},
  });
}

/** The Intl options of each date format: those of the web's lists (components/list-columns DateTime) for `datetime`. */
const DATE_PARTS: Record<'datetime' | 'minute' | 'date' | 'month', Intl.DateTimeFormatOptions> = {
  datetime: { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' },
  minute: { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' },
  date: { year: 'numeric', month: '2-digit', day: '2-digit' },
  month: { year: 'numeric', month: '2-digit' },
};
const EXCEL_CODES: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {
  year: 'yyyy',
  month: 'mm',
  day: 'dd',
  hour: 'hh',
  minute: 'mm',
  second: 'ss',
  dayPeriod: 'AM/PM',
};

/**
 * An Excel number format for a cell format in a language. Dates follow the language's own
 * order and separators, as Intl writes them on the web (`dd.mm.yyyy` in German, `mm/dd/yyyy`
 * with AM/PM in American English), so the file reads like the list.
 */
function numberFormat(format: CellFormat, language: Language): string {
  if (format === 'duration') return '[h]:mm:ss.0';
  if (format === 'percent') return '0.0%';
  return (
    new Intl.DateTimeFormat(language, { ...DATE_PARTS[format], timeZone: 'UTC' })
      .formatToParts(new Date(Date.UTC(2001, 10, 22, 13, 14, 15)))
      // Intl's narrow no-break spaces (before AM/PM) as plain ones, which every spreadsheet shows.
      .map((p) => EXCEL_CODES[p.type] ?? (p.type === 'literal' ? `"${p.value.replace(/"/g, '').replace(/\s/gu, ' ')}"` : ''))
      .join('')
  );
}

/** Rows are fetched and written in batches of this many, so a large export never sits in memory. */
const BATCH = 500;

/** A sheet's header row: the columns' keys, headers in the reader's language and widths, in bold. */
function addHeader<T>(sheet: ExcelJS.Worksheet, columns: readonly ExcelColumn<T>[], reader: ExcelReader) {
  sheet.columns = columns.map((c) => ({ key: c.key, header: reader.text(c.label), width: c.width ?? (c.format === 'datetime' ? 20 : 18) }));
  sheet.getRow(1).font = { bold: true };
}

/** A row as it is written: the cells by column key, and each cell's number format. */
interface RowCells {
  values: Record<string, Cell>;
  formats: (string | undefined)[];
}

/** Turns rows into cells for a reader. */
function cellsOf<T>(columns: readonly ExcelColumn<T>[], reader: ExcelReader) {
  const formats = new Map<CellFormat, string>();
  const formatOf = (format: CellFormat) => formats.get(format) ?? formats.set(format, numberFormat(format, reader.language)).get(format)!;
  return (row: T): RowCells => ({
    values: Object.fromEntries(columns.map((c) => [c.key, c.value(row, reader) ?? null])),
    formats: columns.map((c) => {
      const format = typeof c.format === 'function' ? c.format(row) : c.format;
      return format && formatOf(format);
    }),
  });
}

function addCells(sheet: ExcelJS.Worksheet, cells: RowCells) {
  const row = sheet.addRow(cells.values);
  cells.formats.forEach((format, i) => {
    if (format) row.getCell(i + 1).numFmt = format;
  });
  return row;
}

/** A table of a workbook built in memory: its name, columns and rows, written for a reader when the file is made. */
export interface ExcelSheet {
  name: LabelKey;
  columns: readonly ExcelColumn<never>[];
  write: (sheet: ExcelJS.Worksheet, reader: ExcelReader) => void;
}

/** One sheet of `excelFile`: the rows of a table under the columns an export of it has. */
export const excelSheet = <T>(name: LabelKey, columns: ExcelColumn<T>[], rows: readonly T[]): ExcelSheet => ({
  name,
  columns,
  write: (sheet, reader) => {
    addHeader(sheet, columns, reader);
    const cells = cellsOf(columns, reader);
    for (const row of rows) addCells(sheet, cells(row));
  },
});

/**
 * A whole `.xlsx` workbook in memory, a sheet per table, with the headers and cells an export
 * streams: for files of a known small size that go elsewhere than a download (an e-mail's attachment).
 */
export async function excelFile(sheets: ExcelSheet[], reader: ExcelReader): Promise<Buffer> {
  const workbook = new (exceljs().Workbook)();
  for (const table of sheets) table.write(workbook.addWorksheet(reader.text(table.name).slice(0, 31)), reader);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * Streams an `.xlsx` workbook to the client, written for its reader (`requestReader`): headers
 * and values in their language, times on their clock; rows pulled batch by batch with the
 * list's own filters. `dictionaries` reads the stored labels of the dictionaries the columns show.
 *
 * The first batch is read and turned into cells before a byte is written, so bad input or a
 * failing query still answers an ordinary envelope. Once the file has started, a failure can
 * no longer change the status: it is logged with the request id and the connection is cut,
 * so the client sees a failed download rather than a truncated file that looks whole.
 */
export async function streamExcel<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  dictionaries: StoredDictionaries,
  { file, columns }: { file: string; columns: ExcelColumn<T>[] },
  fetchBatch: (offset: number, limit: number) => Promise<T[]>,
  batchSize = BATCH,
): Promise<typeof SENT> {
  const reader = await requestReader(req, dictionaries, columns);
  const cells = cellsOf(columns, reader);
  let rows = await fetchBatch(0, batchSize);
  let batch = rows.map(cells);

  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'content-disposition': `attachment; filename="${file}.xlsx"; filename*=UTF-8''${encodeURIComponent(file)}.xlsx`,
    'cache-control': 'no-store',
  });
  // The writer waits for the response to finish, which a client that went away never lets happen.
  const closed = new Promise<void>((resolve) => res.once('close', resolve));
  try {
    const workbook = new (exceljs().stream.xlsx.WorkbookWriter)({ stream: res, useStyles: true });
    const sheet = workbook.addWorksheet(file.slice(0, 31));
    addHeader(sheet, columns, reader);
    sheet.getRow(1).commit();
    for (let offset = 0; ;) {
      for (const row of batch) addCells(sheet, row).commit();
      // A client that went away needs no more rows.
      if (rows.length < batchSize || res.destroyed) break;
      offset += batchSize;
      rows = await fetchBatch(offset, batchSize);
      batch = rows.map(cells);
    }
    sheet.commit();
    await Promise.race([workbook.commit(), closed]);
  } catch (err) {
    req.log.error({ err, requestId: req.id }, 'export failed after the download started');
    res.destroy();
  }
  return SENT;
}

/** Streams rows already at hand (a small answer, read whole) as one batch. */
export const streamRows = <T>(
  req: FastifyRequest,
  reply: FastifyReply,
  dictionaries: StoredDictionaries,
  sheet: { file: string; columns: ExcelColumn<T>[] },
  rows: T[],
): Promise<typeof SENT> => streamExcel(req, reply, dictionaries, sheet, (offset) => Promise.resolve(offset === 0 ? rows : []), Number.MAX_SAFE_INTEGER);
