import type { DeviceKind, Report } from '@lightdesk/contract';
import { sql } from 'drizzle-orm';
import { arrayOf, rowsOf } from '../../../lib/sql';
import type { Database } from '../../../db/client';
import { badInput } from '../../../lib/errors';
import { readPlatformSettings } from '../../system';
import type { KnownDevice } from '../directory';
import { markSeen } from '../status/liveness';
import { ensureReportPartitions, PARTITIONS_LOCK, sqlStateOf } from './partitions';

/** A report as stored: what the analytics' rollups are kept from. */
export interface StoredReport {
  tenantId: number;
  storeId: number | null;
  /** The iot device that sent it. */
  senderId: number;
  storeDeviceId: number | null;
  subject: string;
  /** What the report is about: a luminaire (the product under it), a sensor or a gateway; null for a sender that is no store device. */
  subjectKind: DeviceKind | null;
  kind: Report['kind'];
  reportedAt: Date;
  report: Report;
}

/**
 * Work that must commit with the reports it follows from (rollups), in the same transaction.
 * `db` is the database the ingest serves: the key for anything a hook keeps per server.
 */
export type ReportsHook = (tx: Database, stored: StoredReport[], db: Database) => Promise<void>;
const hooks: ReportsHook[] = [];
/** Adds work to every ingest, inside its transaction, for the reports that were new. */
export const onReportsStored = (hook: ReportsHook) => void hooks.push(hook);

export interface IngestResult {
  stored: number;
  duplicates: number;
}

const badReport = (index: number, field: string, reason: string) => badInput(`reports[${index}].${field}`, reason);

const DAY_MS = 86_400_000;
/** How far ahead of the server's clock a report may be dated: a device's clock may run a little fast. */
export const REPORT_LEAD_MS = 5 * 60_000;

/**
 * Refuses a batch holding a report dated outside what the store of raw reports keeps: older than
 * the platform's retention period, or more than REPORT_LEAD_MS after it was received. Every day a
 * report names gets a partition of its own, so this runs before any is made.
 */
async function refuseOutsideWindow(db: Database, times: number[], receivedAt: Date): Promise<void> {
  const now = receivedAt.getTime();
  const latest = now + REPORT_LEAD_MS;
  // The retention is a day at least, so a batch of the last day (every live one) needs no look-up.
  const retentionDays = times.some((t) => t < now - DAY_MS) ? (await readPlatformSettings(db)).dataRetentionDays : 1;
  const earliest = now - retentionDays * DAY_MS;
  const outside = times.findIndex((t) => !(t >= earliest && t <= latest));
  if (outside < 0) return;
  throw badReport(
    outside,
    'at',
    times[outside]! > latest
      ? `more than ${REPORT_LEAD_MS / 60_000} minutes ahead of the server's clock`
      : `older than the ${retentionDays} days raw reports are kept`,
  );
}

/** What a heartbeat relays: the devices behind a gateway it vouches for. */
const relayed = (r: Report) => (r.kind === 'heartbeat' ? (r.devices ?? []) : []);
/** Every device a report names: its subject and those it relays. */
const named = (r: Report) => [r.device, ...relayed(r)];

/** Bad input naming the first device a report names that `known` refuses. */
function outsider(reports: Report[], known: (uuid: string) => boolean, reason: string) {
  for (const [index, report] of reports.entries()) {
    if (!known(report.device)) return badReport(index, 'device', reason);
    const unknown = relayed(report).findIndex((uuid) => !known(uuid));
    if (unknown >= 0) return badReport(index, `devices[${unknown}]`, reason);
  }
  return badInput('reports', reason);
}

/**
 * The SQLSTATE of a value the database refused — a data exception (class 22) or an integrity
 * violation (class 23) — which sending it again meets again; undefined for any other failure
 * (the database unreachable, a connection lost, a serialization failure), which may pass.
 */
export function dataRefusal(error: unknown): string | undefined {
  const state = sqlStateOf(error);
  return state && /^2[23]/.test(state) ? state : undefined;
}

/**
 * The one ingest path of both transports: checks when and who each report is about, stores the
 * new ones (a message id seen before from this sender is skipped, whatever its time), keeps the
 * devices' live state and runs the hooks — all in one transaction, so a caller acknowledges only
 * what is committed.
 * Reports are dated inside the window the raw reports are kept in, and name the sender itself or
 * a device of the sender's store; anything else, or a value the database refuses, refuses the
 * batch as bad input.
 */
export async function ingestReports(db: Database, sender: KnownDevice, reports: Report[], receivedAt: Date): Promise<IngestResult> {
  const times = reports.map((r) => Date.parse(r.at));
  await refuseOutsideWindow(db, times, receivedAt);
  const uuids = [...new Set(reports.flatMap(named).filter((d) => d !== sender.deviceName))];
  const subjects = new Map<string, { storeDeviceId: number; kind: DeviceKind }>();
  if (uuids.length > 0) {
    if (sender.storeId === null) throw outsider(reports, (d) => d === sender.deviceName, 'this device is in no store');
    const rows = await rowsOf<{ id: number; uuid: string; kind: DeviceKind }>(
      db,
      sql`select id, uuid, kind from store_devices where store_id = ${sender.storeId} and uuid in (select jsonb_array_elements_text(${JSON.stringify(uuids)}::jsonb))`,
    );
    for (const row of rows) subjects.set(row.uuid, { storeDeviceId: row.id, kind: row.kind });
    if (uuids.some((d) => !subjects.has(d))) throw outsider(reports, (d) => d === sender.deviceName || subjects.has(d), "not a device of this gateway's store");
  }
  await ensureReportPartitions(db, times);

  const storing = db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock_shared(${PARTITIONS_LOCK})`);
    const storeDeviceOf = (uuid: string) => (uuid === sender.deviceName ? sender.storeDeviceId : subjects.get(uuid)!.storeDeviceId);
    const subjectOf = (r: Report) => storeDeviceOf(r.device);
    // Of a message id sent twice in one batch, whatever the times, only the first report can be new.
    const ids = new Set<string>();
    const firsts = reports.flatMap((r, i) => (ids.has(r.id) ? [] : (ids.add(r.id), [i])));
    // The batch goes as one array per column, the same statement on both drivers whatever its
    // size; the payloads as one text, a line each (JSON text never holds a raw line break), so
    // the database parses each payload once and nothing needs escaping.
    const column = <T extends string | number | null>(of: (r: Report, i: number) => T) => arrayOf(firsts.map((i) => of(reports[i]!, i)));
    // A resend is the sender's message id again, whatever time it carries: the id is claimed in
    // device_report_messages (a unique key of the day-partitioned reports would have to hold the
    // time), and only the reports whose id was new are stored. Ids are claimed in one order, so
    // two batches of a sender holding the same ones never wait for each other in a cycle.
    const rows = await rowsOf<{ message_id: string }>(
      tx,
      sql`
      with batch as (
        select * from unnest(
          ${column((r) => r.device)}::text[], ${column(subjectOf)}::int[], ${column((r) => r.kind)}::text[], ${column((r) => r.id)}::text[],
          ${column((_, i) => new Date(times[i]!).toISOString())}::timestamptz[], string_to_array(${firsts.map((i) => JSON.stringify(reports[i])).join('\n')}, chr(10))
        ) as u(s, d, k, m, t, p)
      ), claimed as (
        insert into device_report_messages (sender_id, message_id, received_at)
        select ${sender.id}, m, ${receivedAt.toISOString()}::timestamptz from batch order by m
        on conflict do nothing
        returning message_id
      )
      insert into device_reports (tenant_id, store_id, sender_id, subject, store_device_id, kind, message_id, reported_at, received_at, payload)
      select ${sender.tenantId}, ${sender.storeId}::int, ${sender.id}, s, d, k, m, t, ${receivedAt.toISOString()}::timestamptz, p::jsonb
      from batch join claimed on claimed.message_id = batch.m
      returning message_id`,
    );
    const isNew = new Set(rows.map((r) => r.message_id));
    const stored: StoredReport[] = [];
    reports.forEach((report, i) => {
      if (!isNew.delete(report.id)) return; // only a message id's first report in the batch was stored
      stored.push({
        tenantId: sender.tenantId,
        storeId: sender.storeId,
        senderId: sender.id,
        storeDeviceId: subjectOf(report),
        subject: report.device,
        subjectKind: report.device === sender.deviceName ? sender.storeDeviceKind : subjects.get(report.device)!.kind,
        kind: report.kind,
        reportedAt: new Date(times[i]!),
        report,
      });
    });
    // Every device the batch names, once. A resent report proves the device alive as well as a new
    // one; only new ones carry news.
    await markSeen(tx, sender, [sender.storeDeviceId, ...uuids.map(storeDeviceOf)], stored, receivedAt);
    for (const hook of hooks) await hook(tx, stored, db);
    return { stored: stored.length, duplicates: reports.length - stored.length };
  });
  return storing.catch((error: unknown) => {
    const state = dataRefusal(error);
    throw state ? badInput('reports', `refused by the database (SQLSTATE ${state})`) : error;
  });
}
