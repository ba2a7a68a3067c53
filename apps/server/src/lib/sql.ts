import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';

/** `count(*)` as a number: node-postgres returns int8 as text, PGlite as a number; the cast makes both agree. */
export const countOf = sql<number>`count(*)::int`;

/** The rows a raw statement answers, on either driver (both give `rows`; the shared handle type does not say so). */
export async function rowsOf<T>(db: Database, statement: SQL): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  return (result as { rows: T[] }).rows;
}

const arrayElement = (value: string | number | null) =>
  value === null ? 'NULL' : typeof value === 'number' ? String(value) : `"${value.replace(/[\\"]/g, '\\$&')}"`;

/**
 * A column of a batch as one array parameter, read back with `unnest(${arrayOf(v)}::int[], …)`:
 * the database reads arrays several times faster than the same rows as JSON, and the statement
 * is the same whatever the batch's size. Numbers must be finite (the contract checks them).
 */
export const arrayOf = (values: readonly (string | number | null)[]): string => `{${values.map(arrayElement).join(',')}}`;
