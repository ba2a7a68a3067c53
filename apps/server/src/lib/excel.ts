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
  const cells = (rows: T[]) => rows.map((row) => Object.fromEntries(columns.map((c) => [c.key, c.value(row)])));
  let rows = await fetchBatch(0, batchSize);
  let batch = cells(rows);

  const zh = /^zh/i.test(String(req.headers['accept-language'] ?? ''));
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
    sheet.columns = columns.map((c) => ({ key: c.key, header: zh ? c.header.zh : c.header.en, width: c.width ?? 18 }));
    sheet.getRow(1).font = { bold: true };
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
