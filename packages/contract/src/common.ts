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
export const QueryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

export const Timestamp = z.iso.datetime();
