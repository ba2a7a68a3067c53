import { z } from 'zod';
import type { MessageKey } from './messages';

/** The response envelope of every console call. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  egMsg: string;
  /** Stable message key the web translates; absent on success. */
  key?: MessageKey;
  /** Values for the key's placeholders (e.g. the field that failed). */
  params?: Record<string, string | number>;
  data: T;
}

// The primitives below are the only way an input field is declared: every value that passes
// them fits the database column it lands in, so bad input is refused here by name instead of
// failing inside PostgreSQL as a 500.

/** Bounds of PostgreSQL's `integer`, the type of every id, reference and number column. */
export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

/**
 * A whole number that fits an `integer` column, within `min`..`max`. Query strings and
 * form bodies carry numbers as text, so text is read as a number.
 */
export const Int32 = (min = INT32_MIN, max = INT32_MAX) => z.coerce.number().int().min(Math.max(min, INT32_MIN)).max(Math.min(max, INT32_MAX));

export const Id = Int32(1);
export type Id = z.infer<typeof Id>;

// PostgreSQL refuses NUL in text; the other control characters are never meant in a name or
// filter and would hide in the screens and logs that show it. Line breaks and tabs are
// allowed only where the field says it holds lines.
// eslint-disable-next-line no-control-regex -- control characters are exactly what these refuse
const ONE_LINE = /^[^\u0000-\u001f\u007f]*$/;
// eslint-disable-next-line no-control-regex -- as above, but tab, line feed and carriage return pass
const LINES = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

// A check whose refusal people read in the console's forms carries a message key of the
// console's `components` namespace (`.regex(…, 'form.code')`): the form words it in the
// reader's language, and the server's 400 names the field with the key as its reason.

/**
 * Text of at most `max` characters, trimmed unless `trim: false` (passwords are taken as
 * typed), one line unless `lines: true` (remarks).
 */
export const Text = (max: number, { lines = false, trim = true }: { lines?: boolean; trim?: boolean } = {}) =>
  (trim ? z.string().trim() : z.string())
    .max(max)
    .regex(lines ? LINES : ONE_LINE, lines ? 'must not contain control characters' : 'must be one line without control characters');

/** An e-mail address, or empty for none. */
export const OptionalEmail = z.union([z.email('form.email').max(100), z.literal('')]);

/**
 * An ISO timestamp with its offset, between the years 1 and 9999 in UTC: PostgreSQL has no
 * year 0, and years past 9999 are no date anyone means.
 */
export const DateTime = z.iso.datetime({ offset: true }).refine((v) => {
  const year = new Date(v).getUTCFullYear();
  return year >= 1 && year <= 9999;
}, 'must be a date between the years 1 and 9999');

/** A calendar date, `YYYY-MM-DD`, between the years 1 and 9999: as above, PostgreSQL has no year 0. */
export const CalendarDate = z.iso.date().refine((v) => !v.startsWith('0000-'), 'must be a date between the years 1 and 9999');

export const PageQuery = z.object({
  page: Int32(1).default(1),
  limit: Int32(1, 100).default(20),
});
export type PageQuery = z.infer<typeof PageQuery>;

export interface Page<T> {
  list: T[];
  total: number;
}
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), total: z.number().int() });

/** Query-string booleans arrive as text. */
export const QueryBoolean = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((v) => v === true || v === 'true' || v === '1');

/** A list screen's query: paging plus a sort column the server checks against its whitelist. */
export const ListQuery = PageQuery.extend({
  sortBy: Text(40).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
});
export type ListQuery = z.infer<typeof ListQuery>;

export const CommonStatus = Int32(0, 1);
/** The two ends of a time range filter, each optional. */
export const DateFrom = DateTime.optional();
export const DateTo = DateTime.optional();
export const IdQuery = z.object({ id: Id });
export type IdQuery = z.infer<typeof IdQuery>;
/** Text filters: trimmed, empty means "no filter". */
export const TextFilter = Text(100)
  .optional()
  .transform((v) => (v ? v : undefined));
