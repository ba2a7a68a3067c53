import { ResultCode } from '@lightdesk/contract';
import { and, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { AppError } from './errors';

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
