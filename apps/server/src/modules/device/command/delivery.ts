import { CommandAck, type CommandDown } from '@lightdesk/contract';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../../lib/context';
import type { KnownDevice } from '../directory';
import { deviceLinkOf, type UpHandler } from '../link';
import { deviceCommandJobs } from './schema';

const OPEN = ['queued', 'sent'];
const ANSWERABLE = [...OPEN, 'timed-out'];

/** Hands a queued job to its store's gateway over MQTT; without a broker it stays queued for the gateway's HTTP poll. */
export async function publishJob(ctx: AppContext, gateway: { id: number; productKey: string; deviceName: string }, down: CommandDown) {
  if (!(await deviceLinkOf(ctx).publish(gateway.productKey, gateway.deviceName, 'command', down))) return;
  await ctx.db
    .update(deviceCommandJobs)
    .set({ state: 'sent', sentAt: ctx.clock.now(), gatewayId: gateway.id })
    .where(and(eq(deviceCommandJobs.id, down.jobId), eq(deviceCommandJobs.state, 'queued')));
}

/**
 * The open commands of the polling device's store, now counted as sent to it. Commands already
 * published over MQTT come again: a gateway that polls may not be listening there, and an answer
 * to a command it got twice is recorded once.
 */
export async function takePendingCommands(ctx: AppContext, device: KnownDevice): Promise<CommandDown[]> {
  if (device.storeId === null) return [];
  const inStore = eq(deviceCommandJobs.storeId, device.storeId);
  await ctx.db
    .update(deviceCommandJobs)
    .set({ state: 'sent', sentAt: ctx.clock.now(), gatewayId: device.id })
    .where(and(inStore, eq(deviceCommandJobs.state, 'queued')));
  const open = await ctx.db
    .select({ id: deviceCommandJobs.id, payload: deviceCommandJobs.payload })
    .from(deviceCommandJobs)
    .where(and(inStore, eq(deviceCommandJobs.state, 'sent')))
    .orderBy(deviceCommandJobs.id);
  return open.map((job) => ({ ...job.payload, jobId: job.id }));
}

/**
 * Records a gateway's answer to a command of its own store. A timed-out delivery still takes its
 * answer: the gateway carried the command out, and its answer was late — held up at a server that
 * went away, or by the broker. An answer about another store's command, or about one already
 * answered (acknowledged or failed), changes nothing.
 */
export async function recordAck(ctx: AppContext, device: KnownDevice, ack: CommandAck): Promise<boolean> {
  if (device.storeId === null) return false;
  const recorded = await ctx.db
    .update(deviceCommandJobs)
    .set({
      state: ack.status === 'ok' ? 'acknowledged' : 'failed',
      reason: ack.status === 'ok' ? null : (ack.reason ?? 'failed'),
      finishedAt: ctx.clock.now(),
      gatewayId: sql`coalesce(${deviceCommandJobs.gatewayId}, ${device.id})`,
    })
    .where(
      and(
        eq(deviceCommandJobs.storeId, device.storeId),
        inArray(deviceCommandJobs.state, ANSWERABLE),
        ack.jobId !== undefined ? eq(deviceCommandJobs.id, ack.jobId) : undefined,
        ack.commandId !== undefined ? eq(deviceCommandJobs.commandId, ack.commandId) : undefined,
      ),
    )
    .returning({ id: deviceCommandJobs.id });
  return recorded.length > 0;
}

/**
 * Acks over MQTT (`up/ack`). A malformed one is dropped rather than thrown: left unacknowledged,
 * the broker would hand it back again and again.
 */
export const ackOverMqtt: UpHandler = async (ctx, device, payload) => {
  const ack = CommandAck.safeParse(payload);
  if (ack.success) await recordAck(ctx, device, ack.data);
};

/** Jobs still open after the timeout are marked timed out; answers how many. */
export async function timeOutJobs(ctx: AppContext, timeoutSeconds: number): Promise<number> {
  const now = ctx.clock.now();
  const timedOut = await ctx.db
    .update(deviceCommandJobs)
    .set({ state: 'timed-out', reason: 'timeout', finishedAt: now })
    .where(and(inArray(deviceCommandJobs.state, OPEN), lt(deviceCommandJobs.createdAt, new Date(now.getTime() - timeoutSeconds * 1000))))
    .returning({ id: deviceCommandJobs.id });
  return timedOut.length;
}
