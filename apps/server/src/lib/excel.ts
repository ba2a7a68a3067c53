import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SENT } from './routes';

export interface ExcelColumn<T> {
  key: string;
  header: { zh: string; en: string };
  width?: number;
  value: (row: T) => string | number | boolean | Date | null;
}

/** Rows are fetched and written in batches of this many, so a large export never sits in memory. */
const BATCH = 500;

/**
 * Streams an `.xlsx` workbook to the client (DESIGN §3): headers in the caller's language
 * (Chinese for `zh*`, English otherwise), rows pulled page by page with the list's own filters.
 */
export async function streamExcel<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  file: string,
  columns: ExcelColumn<T>[],
  fetchBatch: (offset: number, limit: number) => Promise<T[]>,
): Promise<typeof SENT> {
  const zh = /^zh/i.test(String(req.headers['accept-language'] ?? ''));
  reply.raw.writeHead(200, {
    'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'content-disposition': `attachment; filename="${file}.xlsx"; filename*=UTF-8''${encodeURIComponent(file)}.xlsx`,
    'cache-control': 'no-store',
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: reply.raw, useStyles: true });
  const sheet = workbook.addWorksheet(file.slice(0, 31));
  sheet.columns = columns.map((c) => ({ key: c.key, header: zh ? c.header.zh : c.header.en, width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for (let offset = 0; ; offset += BATCH) {
    const rows = await fetchBatch(offset, BATCH);
    for (const row of rows) sheet.addRow(Object.fromEntries(columns.map((c) => [c.key, c.value(row)]))).commit();
    if (rows.length < BATCH) break;
  }
  sheet.commit();
  await workbook.commit();
  reply.hijack();
  return SENT;
}
