import { eq, gte, ilike, lte, type Column, type SQL } from 'drizzle-orm';

// The filters of the list screens. Each answers undefined for a filter the query leaves out, so a
// list of them can go straight into `and(…)`.

/** `%text%` for ILIKE, with the user's own `%`, `_` and `\` taken literally (backslash is PostgreSQL's default escape). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Rows whose column (or a subquery's value, or a field of a subquery in FROM) contains the text, ignoring case. */
export const contains = (column: Column | SQL | SQL.Aliased, text: string | undefined): SQL | undefined => (text ? ilike(column, containing(text)) : undefined);

/** Rows whose column holds exactly the value. */
export const equals = <T>(column: Column, value: T | undefined): SQL | undefined => (value === undefined ? undefined : eq(column, value));

/** Rows whose timestamp lies in the range; either end may be open. */
export const within = (column: Column, from: string | undefined, to: string | undefined): (SQL | undefined)[] => [
  from ? gte(column, new Date(from)) : undefined,
  to ? lte(column, new Date(to)) : undefined,
];
