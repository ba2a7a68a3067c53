import type { Readable } from 'node:stream';
import { and, eq, lt, not, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Clock } from '../clock';
import { storedFiles } from './schema';
import type { ByteRange, FileBackend, FileStorage, PutRules } from './storage';

/** Keys the sweep reads in one statement. */
const SWEEP_BATCH = 200;

/** One key's lock: a put recording the key and the sweep deciding about it take turns. */
const lockKey = (key: string) => sql`select pg_advisory_xact_lock(hashtext(${`lightdesk.stored-file:${key}`}))`;

/** A stored file (the row of stored_files being read) that one of the references names. */
function referencedBy(references: readonly SQL[]): SQL {
  if (!references.length) return sql`false`;
  const keys = sql.join(
    references.map((r) => sql`(${r})`),
    sql` union all `,
  );
  return sql`exists (select 1 from (${keys}) as referenced (key) where referenced.key = ${storedFiles.key})`;
}

/**
 * The server's files: each put is recorded in stored_files, and only `sweep` deletes, when
 * nothing refers to a file any more. Files are kept by content, so one file may be a help
 * page's picture, someone's avatar and a feedback picture at once: no feature can tell alone
 * that a file is unused, and a request never deletes one.
 */
export class TrackedStorage implements FileStorage {
  constructor(
    private readonly backend: FileBackend,
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /**
   * Stores the file, recording it as put now before it takes its place under its key: a sweep
   * deciding about the same key either has finished (and the bytes arrive afterwards) or waits
   * and then finds the file put just now.
   */
  put(source: Readable | AsyncIterable<Uint8Array>, rules: PutRules) {
    return this.backend.put(source, rules, (key) =>
      this.db.transaction(async (tx) => {
        await tx.execute(lockKey(key));
        const putAt = this.clock.now();
        await tx.insert(storedFiles).values({ key, putAt }).onConflictDoUpdate({ target: storedFiles.key, set: { putAt } });
      }),
    );
  }

  get(key: string, range?: ByteRange) {
    return this.backend.get(key, range);
  }

  stat(key: string) {
    return this.backend.stat(key);
  }

  /** The same files, recorded through `db`: a transaction under way, which holds PGlite's one connection until it ends. */
  within(db: Database): TrackedStorage {
    return new TrackedStorage(this.backend, db, this.clock);
  }

  /**
   * Deletes the files put before `putBefore` that none of `references` names (each a query
   * answering keys of stored files); answers how many. Each is decided again under its key's
   * lock just before it goes, so one put again or taken into use meanwhile stays.
   */
  async sweep(references: readonly SQL[], putBefore: Date, signal?: AbortSignal): Promise<number> {
    const unused = and(lt(storedFiles.putAt, putBefore), not(referencedBy(references)));
    let deleted = 0;
    for (;;) {
      const batch = await this.db.select({ key: storedFiles.key }).from(storedFiles).where(unused).orderBy(storedFiles.key).limit(SWEEP_BATCH);
      for (const { key } of batch) {
        signal?.throwIfAborted();
        const gone = await this.db.transaction(async (tx) => {
          await tx.execute(lockKey(key));
          const [still] = await tx
            .select({ key: storedFiles.key })
            .from(storedFiles)
            .where(and(eq(storedFiles.key, key), unused));
          if (!still) return false;
          await this.backend.delete(key);
          await tx.delete(storedFiles).where(eq(storedFiles.key, key));
          return true;
        });
        if (gone) deleted++;
      }
      if (batch.length < SWEEP_BATCH) return deleted;
    }
  }
}
