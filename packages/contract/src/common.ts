import { z } from 'zod';
import type { MessageKey } from './messages';

/** The response envelope of every console call (DESIGN §3). */
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

export const Id = z.coerce.number().int().positive();
export type Id = z.infer<typeof Id>;

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.infer<typeof PageQuery>;

export interface Page<T> {
  list: T[];
  total: number;
}
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), total: z.number().int() });

/** Query-string booleans arrive as text. */
export const QueryBoolean = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((v) => v === true || v === 'true' || v === '1');

export const Timestamp = z.iso.datetime();

/** A list screen's query: paging plus a sort column the server checks against its whitelist. */
export const ListQuery = PageQuery.extend({
  sortBy: z.string().trim().max(40).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
});
export type ListQuery = z.infer<typeof ListQuery>;

export const CommonStatus = z.coerce.number().int().min(0).max(1);
/** A `[from, to]` range of ISO timestamps, sent as `createdAt[0]` and `createdAt[1]`… or as two fields. */
export const DateFrom = z.iso.datetime({ offset: true }).optional();
export const DateTo = z.iso.datetime({ offset: true }).optional();
export const IdQuery = z.object({ id: Id });
export type IdQuery = z.infer<typeof IdQuery>;
/** Text filters: trimmed, empty means "no filter". */
export const TextFilter = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((v) => (v ? v : undefined));
