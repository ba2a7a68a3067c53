import type ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { loadLater } from './load-later';
import { SENT } from './routes';

/** exceljs, loaded with the first workbook read or written: a server start need not wait the third of a second it takes. */
export const exceljs = loadLater<typeof ExcelJS>('exceljs');

export interface ExcelColumn<T> {
  key: string;
  header: { zh: string; en: string };
  width?: number;
  value: (row: T) => string | number | boolean | Date | null;
}

/** Rows are fetched and written in batches of this many, so a large export never sits in memory. */
const BATCH = 500;

/** Headers in the reader's language: Chinese for `zh*`, English for any other. */
export const headerLanguage = (language: string): 'zh' | 'en' => (/^zh/i.test(language) ? 'zh' : 'en');

/** A sheet's header row: the columns' keys, headers in the reader's language and widths, in bold. */
function addHeader<T>(sheet: ExcelJS.Worksheet, columns: ExcelColumn<T>[], language: string) {
  const lang = headerLanguage(language);
  sheet.columns = columns.map((c) => ({ key: c.key, header: c.header[lang], width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
}

/** Rows as cells keyed by column. */
const cellsOf =
  <T>(columns: ExcelColumn<T>[]) =>
  (rows: T[]) =>
    rows.map((row) => Object.fromEntries(columns.map((c) => [c.key, c.value(row)])));

/** A table of a workbook built in memory: its rows already turned into cells. */
export interface ExcelSheet {
  name: string;
  columns: ExcelColumn<never>[];
  cells: Record<string, unknown>[];
}

/** One sheet of `excelFile`: the rows of a table under the columns an export of it has. */
export const excelSheet = <T>(name: string, columns: ExcelColumn<T>[], rows: T[]): ExcelSheet => ({
  name,
  columns,
  cells: cellsOf(columns)(rows),
});

/**
 * A whole `.xlsx` workbook in memory, a sheet per table, with the headers and cells an export
 * streams: for files of a known small size that go elsewhere than a download (an e-mail's attachment).
 */
export async function excelFile(sheets: ExcelSheet[], language: string): Promise<Buffer> {
  const workbook = new (exceljs().Workbook)();
  for (const table of sheets) {
    const sheet = workbook.addWorksheet(table.name.slice(0, 31));
    addHeader(sheet, table.columns, language);
    for (const row of table.cells) sheet.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * Streams an `.xlsx` workbook to the client: headers in the caller's language (Chinese for
 * `zh*`, English otherwise), rows pulled batch by batch with the list's own filters.
 *
 * The first batch is read and turned into cells before a byte is written, so bad input or a
 * failing query still answers an ordinary envelope. Once the file has started, a failure can
 * no longer change the status: it is logged with the request id and the connection is cut,
 * so the client sees a failed download rather than a truncated file that looks whole.
 */
export async function streamExcel<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  file: string,
  columns: ExcelColumn<T>[],
  fetchBatch: (offset: number, limit: number) => Promise<T[]>,
  batchSize = BATCH,
): Promise<typeof SENT> {
  const cells = cellsOf(columns);
  let rows = await fetchBatch(0, batchSize);
  let batch = cells(rows);

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
    addHeader(sheet, columns, String(req.headers['accept-language'] ?? ''));
    sheet.getRow(1).commit();
    for (let offset = 0; ;) {
      for (const row of batch) sheet.addRow(row).commit();
      // A client that went away needs no more rows.
      if (rows.length < batchSize || res.destroyed) break;
      offset += batchSize;
      rows = await fetchBatch(offset, batchSize);
      batch = cells(rows);
    }
    sheet.commit();
    await Promise.race([workbook.commit(), closed]);
  } catch (err) {
    req.log.error({ err, requestId: req.id }, 'export failed after the download started');
    res.destroy();
  }
  return SENT;
}
