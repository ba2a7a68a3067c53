import { ResultCode, type MessageKey } from '@lightdesk/contract';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { AppError } from './errors';
import { countOf } from './sql';

/**
 * Checks that every id in a request field names a row the caller may link to (usually: of
 * their tenant, via `where`). Unknown and foreign ids are refused alike (400 naming the
 * field), so a request cannot learn that another tenant's row exists. Returns the ids deduplicated.
 */
export async function requireRows(db: Database, field: string, id: PgColumn, ids: readonly number[], where?: SQL): Promise<number[]> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return wanted;
  const found = await db
    .select({ id })
    .from(id.table)
    .where(and(inArray(id, wanted), where));
  if (found.length !== wanted.length) throw new AppError(ResultCode.badInput, 'common.reference-not-found', { field });
  return wanted;
}

/**
 * Refuses (409) deleting an owner while rows of another kind still name it, so a delete never
 * leaves rows pointing at nothing (many references have no foreign key). `dependants` names
 * each kind by the column that refers to the owner; the message gets each kind's count as a
 * parameter (`{ stores: 2 }`), so the screen can say what is left.
 */
export async function refuseWhileReferenced(db: Database, key: MessageKey, id: number, dependants: Record<string, PgColumn>): Promise<void> {
  const counts = await Promise.all(
    Object.entries(dependants).map(async ([kind, column]) => {
      const [row] = await db.select({ n: countOf }).from(column.table).where(eq(column, id));
      return [kind, row?.n ?? 0] as const;
    }),
  );
  if (counts.some(([, n]) => n > 0)) throw new AppError(ResultCode.conflict, key, Object.fromEntries(counts));
}
