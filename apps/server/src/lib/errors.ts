import { FIELD_REASONS, isFieldReasonKey, ResultCode, type MessageKey } from '@lightdesk/contract';
import type * as z from 'zod/v4/core';

type Params = Record<string, string | number>;

/** A handled outcome: becomes an envelope with its code and message key in one place (app.ts). */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly key: MessageKey,
    readonly params: Params = {},
  ) {
    super(key);
  }
}

export const badInput = (field: string, reason: string) => new AppError(ResultCode.badInput, 'common.bad-input', { field, reason });
export const notFound = () => new AppError(ResultCode.notFound, 'common.not-found');
export const unauthorized = () => new AppError(ResultCode.unauthorized, 'auth.unauthorized');
export const forbidden = (key: MessageKey = 'auth.forbidden') => new AppError(ResultCode.forbidden, key);
export const tooMany = (key: MessageKey, params?: Params) => new AppError(ResultCode.tooMany, key, params);
/** A rule refusal the calling screen shows itself (code 555). */
export const refusal = (key: MessageKey, params?: Params) => new AppError(ResultCode.refusal, key, params);

/** A rate-limited or overloaded request: answered with its HTTP status and Retry-After. */
export class Throttled extends AppError {
  constructor(
    readonly status: 429 | 503,
    readonly retryAfterSeconds: number,
  ) {
    super(status === 429 ? ResultCode.tooMany : ResultCode.overloaded, status === 429 ? 'common.rate-limited' : 'common.overloaded', {
      seconds: retryAfterSeconds,
    });
  }
}

/** A zod issue's path as a field name: `username`, `thingModel.properties[2].dataType.specs.min`. */
export const fieldPath = (path: readonly PropertyKey[]) =>
  path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i ? '.' : ''}${String(key)}`)).join('');

/** The first zod issue, named by its field path (see `fieldPath`). */
export function fromZodError(error: z.$ZodError, where: 'body' | 'query' | 'params'): AppError {
  const issue = error.issues[0];
  const field = issue && issue.path.length ? fieldPath(issue.path) : where;
  const message = issue?.message ?? 'invalid';
  if (!isFieldReasonKey(message)) return badInput(field, message);
  return new AppError(ResultCode.badInput, 'common.bad-input', { field, reason: FIELD_REASONS[message], reasonKey: message });
}

interface DatabaseErrorShape {
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  message?: string;
  cause?: unknown;
}

/** Why PostgreSQL refused a value, by SQLSTATE of its "data exception" class (22). */
const DATA_EXCEPTIONS: Record<string, string> = {
  '22001': 'too long',
  '22003': 'number out of range',
  '22007': 'not a valid date',
  '22008': 'date out of range',
  '22021': 'characters that cannot be stored',
  '22P02': 'not a valid value',
  '22P05': 'characters that cannot be stored',
};

/**
 * Database refusals a client caused, as handled answers rather than 500s. Drizzle wraps the
 * driver's error; both pg and PGlite carry the SQLSTATE and constraint name.
 * - A unique index that a race slipped past (two creates at once): 409 naming the field.
 * - A value the column cannot hold (a data exception): 400. The contract's primitives refuse
 *   such values by name before any SQL runs; this is the net under them.
 * - A foreign key: a row other rows still name (a delete the area did not check first) is a
 *   409; a row naming one that is not there (a reference the area did not check) a 400.
 */
export function fromDatabaseError(error: unknown): AppError | undefined {
  for (let e = error as DatabaseErrorShape | undefined, depth = 0; e && depth < 3; e = e.cause as DatabaseErrorShape | undefined, depth++) {
    if (e.code && /^22[0-9A-Z]{3}$/.test(e.code)) return badInput(e.column ?? 'value', DATA_EXCEPTIONS[e.code] ?? 'not a valid value');
    if (e.code === '23503')
      return /^update or delete/.test(e.message ?? '')
        ? new AppError(ResultCode.conflict, 'common.still-referenced')
        : new AppError(ResultCode.badInput, 'common.reference-not-found', { field: 'value' });
    if (e.code !== '23505') continue;
    const name = (e.constraint ?? '')
      .replace(new RegExp(`^${e.table ?? ''}_`), '')
      .replace(/_(key|unique)$/, '')
      .replace(/^tenant_/, '');
    const field = name.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase()) || 'value';
    return new AppError(ResultCode.conflict, 'common.duplicate', { field });
  }
  return undefined;
}
