import { sql } from 'drizzle-orm';

/** `count(*)` as a number: node-postgres returns int8 as text, PGlite as a number; the cast makes both agree. */
export const countOf = sql<number>`count(*)::int`;
