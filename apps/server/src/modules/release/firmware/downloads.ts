import { randomBytes } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { LIVE_MEMBER, type ClusterMember } from '../../../lib/cluster/membership';
import type { AppContext } from '../../../lib/context';
import { Throttled } from '../../../lib/errors';
import type { Connection } from '../../../lib/routes';
import { arrayOf } from '../../../lib/sql';
import { otaDownloads } from './schema';

/**
 * At most this many downloads run at once per device, across all the servers on the database. A
 * looping or misbehaving device cannot then open dozens of streams of a 2 GB file and starve the
 * others, while one download still runs at full speed (a bandwidth cap would slow every device
 * even on an idle server). A device refused with 429 resumes later with Range.
 */
export const MAX_DOWNLOADS_PER_DEVICE = 2;
/** How long a refused device is asked to wait. */
export const DOWNLOAD_RETRY_SECONDS = 30;

/** A server that sends downloads: as which cluster member, and the ids of those it is sending. */
interface Sender {
  member: ClusterMember;
  inFlight: Set<string>;
}
const senders = new WeakMap<Database, Sender>();

/** A slot whose holder is no live member: its server died or hangs, and the download is sent by nobody. */
const HOLDER_GONE = sql`not exists (select 1 from cluster_members m where m.id = ${otaDownloads.holder} and ${LIVE_MEMBER})`;

/**
 * Makes this server a sender of downloads, as its cluster member (the area's start). On each
 * heartbeat it deletes the slots of members that are gone, and any of its own whose download has
 * ended but whose row the database failed to delete then: no slot stays held by a download
 * nobody sends.
 */
export function sendDownloads(ctx: AppContext, member: ClusterMember): Promise<Connection> {
  const sender: Sender = { member, inFlight: new Set() };
  senders.set(ctx.db, sender);
  member.onHeartbeat(async () => {
    const sending = arrayOf([...sender.inFlight]);
    await ctx.db
      .delete(otaDownloads)
      .where(sql`${HOLDER_GONE} or (${otaDownloads.holder} = ${member.id} and not ${otaDownloads.downloadId} = any(${sending}::text[]))`);
  });
  return Promise.resolve({
    stop: () => Promise.resolve(void senders.delete(ctx.db)),
    problem: () => null,
  });
}

/** A download holding one of its device's slots until it ends. */
export interface Download {
  end(): Promise<void>;
  /**
   * The file's bytes as they go out, its slot freed before the last of them: a device that asks
   * for its next range the moment one arrives (resuming in chunks) finds the slot free, not 429.
   * Cut off early, the slot is freed too.
   */
  sending(body: Readable): Readable;
}

/** Passes the chunks on, holding back the last one until `beforeLast` is done. */
function holdingLastChunk(beforeLast: () => Promise<void>) {
  let held: Buffer | undefined;
  return new Transform({
    transform(chunk: Buffer, _encoding, next) {
      const previous = held;
      held = chunk;
      next(null, previous);
    },
    flush(done) {
      beforeLast().then(
        () => done(null, held),
        (error: unknown) => done(error as Error),
      );
    },
  });
}

/**
 * Claims one of the device's slots for a download this server is about to send: slot after slot,
 * each by one atomic insert that takes it when it is free or its holder gone. Null when every slot
 * is held by a download in flight, however many requests arrive together at however many servers.
 * A server not serving as a cluster member (before its connections start, while they stop) sends
 * nothing: 503, to come back later.
 */
export async function claimDownload(ctx: AppContext, device: string): Promise<Download | null> {
  const sender = senders.get(ctx.db);
  if (!sender) throw new Throttled(503, DOWNLOAD_RETRY_SECONDS);
  const downloadId = randomBytes(12).toString('base64url');
  // Known as in flight before its row exists, so a heartbeat in between leaves the row alone.
  sender.inFlight.add(downloadId);
  for (let slot = 1; slot <= MAX_DOWNLOADS_PER_DEVICE; slot++) {
    const [claimed] = await ctx.db
      .insert(otaDownloads)
      .values({ device, slot, holder: sender.member.id, downloadId, startedAt: ctx.clock.now() })
      .onConflictDoUpdate({
        target: [otaDownloads.device, otaDownloads.slot],
        set: { holder: sql`excluded.holder`, downloadId: sql`excluded.download_id`, startedAt: sql`excluded.started_at` },
        setWhere: HOLDER_GONE,
      })
      .returning({ slot: otaDownloads.slot })
      .catch((error: unknown) => {
        sender.inFlight.delete(downloadId);
        throw error;
      });
    if (claimed) {
      const end = async () => {
        sender.inFlight.delete(downloadId);
        await ctx.db.delete(otaDownloads).where(and(eq(otaDownloads.device, device), eq(otaDownloads.slot, slot), eq(otaDownloads.downloadId, downloadId)));
      };
      // Should the database fail just then, the next heartbeat frees the slot.
      const endLogged = () => end().catch((err: unknown) => ctx.log.warn({ err }, 'OTA download slot left for the heartbeat to free'));
      return {
        end,
        sending: (body) => {
          const out = body.pipe(holdingLastChunk(endLogged));
          out.once('close', () => void endLogged());
          body.once('error', (err) => out.destroy(err));
          return out;
        },
      };
    }
  }
  sender.inFlight.delete(downloadId);
  return null;
}
