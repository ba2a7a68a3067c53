import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';

/**
 * Deletes the rows matching `where`, `batchSize` at a time, so a large clean-up never holds
 * one long transaction (nor PGlite's only connection) and can stop between batches when
 * `signal` aborts. Returns how many rows went.
 */
export async function deleteInBatches(
  db: Database,
  table: PgTable,
  id: PgColumn,
  where: SQL | undefined,
  options: { batchSize?: number; signal?: AbortSignal } = {},
): Promise<number> {
  const batchSize = options.batchSize ?? 1000;
  let deleted = 0;
  for (;;) {
    options.signal?.throwIfAborted();
    const batch = db.select({ id }).from(table).where(where).limit(batchSize);
    const rows = await db
      .delete(table)
      .where(sql`${id} in (${batch})`)
      .returning({ id });
    deleted += rows.length;
    if (rows.length < batchSize) return deleted;
  }
}
