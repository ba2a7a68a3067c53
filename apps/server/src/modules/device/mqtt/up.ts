import { ReportBatch } from '@lightdesk/contract';
import type { AppContext } from '../../../lib/context';
import { AppError, fieldPath } from '../../../lib/errors';
import { mqttUsername } from '../credentials';
import type { KnownDevice } from '../directory';
import { dataRefusal, ingestReports } from '../ingest/ingest';
import { deviceMessageHandler, TOPIC_ROOT } from '../link';
import { markGatewayOffline } from '../status/liveness';

/** `lightdesk/{productKey}/{deviceName}/up/{kind}` read back; null for any other topic. */
export function parseUpTopic(topic: string): { productKey: string; deviceName: string; kind: string } | null {
  const [root, productKey, deviceName, way, ...kind] = topic.split('/');
  if (root !== TOPIC_ROOT || way !== 'up' || !productKey || !deviceName || kind.length === 0) return null;
  return { productKey, deviceName, kind: kind.join('/') };
}

const json = (payload: Buffer): { ok: true; value: unknown } | { ok: false } => {
  try {
    return { ok: true, value: JSON.parse(payload.toString('utf8')) };
  } catch {
    return { ok: false };
  }
};

/**
 * What a device sent up over MQTT, handled whichever broker carried it. Resolving means the
 * message may be acknowledged: it is committed, or it is one that resending would not fix (not
 * JSON, against the contract, dated outside the window the reports are kept in, about a device
 * outside the sender's store, of a kind nobody handles, holding a value the database refuses) and
 * is dropped with a log line, so the session goes on to the device's next message. Throwing (the
 * database is unreachable or failed for the moment) leaves it unacknowledged, so the device or
 * the broker sends it again.
 */
export async function deviceSent(ctx: AppContext, device: KnownDevice, kind: string, payload: Buffer): Promise<void> {
  const drop = (reason: string) => ctx.log.warn({ device: mqttUsername(device.productKey, device.deviceName), kind, reason }, 'MQTT message dropped');
  if (kind === 'will') {
    await markGatewayOffline(ctx.db, device.id, ctx.clock.now(), 'last-will');
    return;
  }
  const handler = kind === 'report' ? undefined : deviceMessageHandler(kind);
  if (kind !== 'report' && !handler) return drop('no such kind of message');
  const body = json(payload);
  if (!body.ok) return drop('not JSON');

  try {
    if (handler) return await handler(ctx, device, body.value);
    const batch = ReportBatch.safeParse(body.value);
    if (!batch.success) {
      const issue = batch.error.issues[0]!;
      return drop(`${fieldPath(issue.path)}: ${issue.message}`);
    }
    await ingestReports(ctx.db, device, batch.data.reports, ctx.clock.now());
  } catch (error) {
    if (error instanceof AppError) return drop([error.params.field, error.params.reason ?? error.key].filter(Boolean).join(': '));
    const state = dataRefusal(error);
    if (state) return drop(`refused by the database (SQLSTATE ${state})`);
    throw error;
  }
}
