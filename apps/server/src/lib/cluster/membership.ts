import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { rowsOf } from '../sql';
import type { FileStorage } from '../storage';
import { clusterMembers } from './schema';

/** How often a member renews its row. */
export const HEARTBEAT_MS = 3000;
/** A member not heard from for this long is taken as gone: what it held is taken over. */
export const LEASE_SECONDS = 15;
/** Rows of members gone this long are removed; the file sweep then deletes their probe files. */
const FORGET_AFTER = '1 day';
const FORGET_EVERY_BEATS = 20;

/** The probe files of the members on record: kept from the file sweep while their rows are. */
export const PROBE_FILES = sql`select ${clusterMembers.storageProbe} from ${clusterMembers}`;

/** The one SQL condition for a member (aliased `m`) whose heartbeat is recent enough. */
export const LIVE_MEMBER = sql`m.heartbeat_at > now() - make_interval(secs => ${LEASE_SECONDS})`;

/**
 * This server process as one member of the servers sharing the database. It renews its row every
 * few seconds; another member reads a stale row as a process that died or hangs. Each member
 * writes a small file to its file storage at start, so a member that cannot read another's file
 * knows the servers do not share their files.
 */
export interface ClusterMember {
  readonly id: string;
  readonly name: string;
  /** Called after each heartbeat, with whether it renewed the row: what the member's holdings need doing. */
  onHeartbeat(listener: () => Promise<void>): void;
  /** Why this server cannot serve as a member, or null: files of a live member it cannot read. */
  problem(): Promise<string | null>;
  leave(): Promise<void>;
}

export interface JoinOptions {
  storage?: FileStorage;
  log?: FastifyBaseLogger;
  /** Shown to people reading the member table; host name and process id by default. */
  name?: string;
  heartbeatMs?: number;
}

/** A PNG signature and random bytes: a file no other could be, of a type the storage accepts. */
const PROBE_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export async function joinCluster(db: Database, options: JoinOptions = {}): Promise<ClusterMember> {
  const id = randomBytes(9).toString('base64url');
  const name = options.name ?? `${os.hostname()}:${process.pid}`;
  const probe = options.storage
    ? await options.storage.put(Readable.from([Buffer.concat([PROBE_SIGNATURE, randomBytes(32)])]), { maxBytes: 64, types: ['png'] })
    : null;
  const register = () =>
    db.execute(sql`
      insert into cluster_members (id, name, storage_probe) values (${id}, ${name}, ${probe?.key ?? null})
      on conflict (id) do update set heartbeat_at = now()`);
  await register();

  const listeners: (() => Promise<void>)[] = [];
  const readable = new Set<string>();
  let beating: Promise<void> = Promise.resolve();
  let beats = 0;
  const runListeners = async () => {
    for (const listener of listeners) await listener().catch((err: unknown) => options.log?.error({ err }, 'cluster heartbeat task failed'));
  };
  const beat = async () => {
    try {
      // A member that was taken for gone and forgotten comes back as itself.
      await register();
      // Forgetting long-gone members is housekeeping: once a minute is plenty.
      if (++beats % FORGET_EVERY_BEATS === 0) {
        await db.execute(
          sql`delete from cluster_members m where m.heartbeat_at < now() - ${FORGET_AFTER}::interval
              and not exists (select 1 from broker_sessions s where s.holder = m.id)`,
        );
      }
    } catch (err) {
      options.log?.warn({ err }, 'cluster heartbeat failed; retrying');
      return;
    }
    await runListeners();
  };
  const timer = setInterval(() => {
    beating = beating.then(beat);
  }, options.heartbeatMs ?? HEARTBEAT_MS);
  timer.unref();

  return {
    id,
    name,
    onHeartbeat: (listener) => void listeners.push(listener),
    async problem() {
      if (!options.storage) return null;
      const others = await rowsOf<{ name: string; storage_probe: string }>(
        db,
        sql`select m.name, m.storage_probe from cluster_members m where ${LIVE_MEMBER} and m.id <> ${id} and m.storage_probe is not null`,
      );
      for (const other of others) {
        // A file once read stays readable: each probe is looked for until it is found, not on every call.
        if (readable.has(other.storage_probe)) continue;
        if (!(await options.storage.stat(other.storage_probe)))
          return `this server cannot read the files of the server ${other.name}: every server needs the same STORAGE_URL (one S3 bucket, or a folder they all share)`;
        readable.add(other.storage_probe);
      }
      return null;
    },
    async leave() {
      clearInterval(timer);
      await beating;
      await db.execute(sql`delete from cluster_members where id = ${id}`).catch(() => undefined);
    },
  };
}
