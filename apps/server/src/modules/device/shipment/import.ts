import {
  DeviceCode,
  DeviceUuid,
  FILE_TYPES,
  Id,
  SHIPMENT_DEVICE_LIMIT,
  SHIPMENT_IMPORT_MAX_BYTES,
  type ImportRowError,
  type ShipmentDeviceLine,
  type ShipmentImportResult,
} from '@lightdesk/contract';
import type ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext, Session } from '../../../lib/context';
import { badInput, notFound } from '../../../lib/errors';
import { exceljs } from '../../../lib/excel';
import { fileTooLarge, fileTypeNotAllowed } from '../../../lib/storage';
import { countOf } from '../../../lib/sql';
import { lineKey, shipmentScope, uuidsShippedElsewhere, writeLines } from './lines';
import { shipmentDevices, shipments } from './schema';

/** The upload as bytes, refused past the size limit or when it is no zip archive (every .xlsx is one). */
async function readUpload(req: FastifyRequest): Promise<{ id: number; bytes: Buffer }> {
  if (!req.isMultipart()) throw badInput('file', 'send the workbook as multipart/form-data');
  const part = await req.file({ limits: { fileSize: SHIPMENT_IMPORT_MAX_BYTES + 1 } });
  if (!part) throw badInput('file', 'required');
  const idField = part.fields.id;
  const id = Id.safeParse(idField && 'value' in idField ? idField.value : undefined);
  if (!id.success) {
    part.file.resume();
    throw badInput('id', 'send the shipment id before the file');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > SHIPMENT_IMPORT_MAX_BYTES) {
      part.file.resume();
      throw fileTooLarge(SHIPMENT_IMPORT_MAX_BYTES);
    }
    chunks.push(chunk);
  }
  const bytes = Buffer.concat(chunks);
  if (!FILE_TYPES.xlsx.sniff(bytes.subarray(0, 4))) throw fileTypeNotAllowed(['xlsx']);
  return { id: id.data, bytes };
}

const header = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
const UUID_HEADERS = new Set(['uuid']);
const CODE_HEADERS = new Set(['devicecode', 'code', '设备编码']);

interface Row {
  row: number;
  line: ShipmentDeviceLine;
}

/** The device rows of the first sheet: its header row names the uuid and device code columns. */
async function readRows(bytes: Buffer): Promise<{ rows: Row[]; errors: ImportRowError[] }> {
  const book = new (exceljs().Workbook)();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    // A zip that is no workbook.
    throw fileTypeNotAllowed(['xlsx']);
  }
  const sheet = book.worksheets[0];
  if (!sheet) return { rows: [], errors: [{ row: 1, field: 'file', reason: 'no-columns' }] };
  let uuidCol = 0;
  let codeCol = 0;
  sheet.getRow(1).eachCell((cell, col) => {
    if (UUID_HEADERS.has(header(cell.text))) uuidCol = col;
    if (CODE_HEADERS.has(header(cell.text))) codeCol = col;
  });
  if (!uuidCol && !codeCol) return { rows: [], errors: [{ row: 1, field: 'file', reason: 'no-columns' }] };
  const rows: Row[] = [];
  const errors: ImportRowError[] = [];
  const text = (r: ExcelJS.Row, col: number) => (col ? r.getCell(col).text.trim() : '');
  sheet.eachRow((r, row) => {
    if (row === 1) return;
    const uuid = text(r, uuidCol);
    const deviceCode = text(r, codeCol);
    if (!uuid && !deviceCode) return; // a blank line between rows
    if (uuid && !DeviceUuid.safeParse(uuid).success) errors.push({ row, field: 'uuid', reason: 'invalid' });
    else if (!DeviceCode.safeParse(deviceCode).success) errors.push({ row, field: 'deviceCode', reason: 'invalid' });
    else rows.push({ row, line: { uuid, deviceCode } });
  });
  return { rows, errors };
}

/**
 * Adds the workbook's devices to a shipment: every row is checked first, and one bad row adds
 * nothing, answering each bad row with its number, field and reason so the file can be fixed.
 */
export async function importDevices(ctx: AppContext, session: Session, req: FastifyRequest): Promise<ShipmentImportResult> {
  const { id, bytes } = await readUpload(req);
  const [shipment] = await ctx.db
    .select({ id: shipments.id })
    .from(shipments)
    .where(and(eq(shipments.id, id), shipmentScope(session)));
  if (!shipment) throw notFound();
  const { rows, errors } = await readRows(bytes);

  const listed = await ctx.db
    .select({ uuid: shipmentDevices.uuid, deviceCode: shipmentDevices.deviceCode })
    .from(shipmentDevices)
    .where(eq(shipmentDevices.shipmentId, id));
  const inShipment = new Set(listed.map(lineKey));
  const elsewhere = await uuidsShippedElsewhere(ctx.db, rows.map((r) => r.line.uuid).filter(Boolean), id);
  const seen = new Set<string>();
  let count = listed.length;
  for (const { row, line } of rows) {
    const key = lineKey(line);
    const field = line.uuid ? 'uuid' : 'deviceCode';
    if (seen.has(key)) errors.push({ row, field, reason: 'duplicate-in-file' });
    else if (inShipment.has(key)) errors.push({ row, field, reason: 'already-listed' });
    else if (line.uuid && elsewhere.has(line.uuid)) errors.push({ row, field, reason: 'shipped-elsewhere' });
    else if (++count > SHIPMENT_DEVICE_LIMIT) errors.push({ row, field, reason: 'too-many' });
    seen.add(key);
  }
  if (!rows.length && !errors.length) errors.push({ row: 2, field: 'uuid', reason: 'required' });
  if (errors.length) return { imported: 0, errors: errors.sort((a, b) => a.row - b.row) };

  await ctx.db.transaction(async (tx) => {
    // One import or edit of a shipment at a time: the checks above hold until this commits.
    await tx.select({ id: shipments.id }).from(shipments).where(eq(shipments.id, id)).for('update');
    const [held] = await tx.select({ n: countOf }).from(shipmentDevices).where(eq(shipmentDevices.shipmentId, id));
    if (held!.n !== listed.length) throw badInput('file', 'the shipment changed meanwhile: import the file again');
    await writeLines(tx, id, [...listed, ...rows.map((r) => r.line)]);
    await tx.update(shipments).set({ updatedAt: ctx.clock.now() }).where(eq(shipments.id, id));
  });
  return { imported: rows.length, errors: [] };
}
