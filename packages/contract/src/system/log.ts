import { z } from 'zod';
import { DateFrom, DateTo, Id, ListQuery, TextFilter } from '../common';

/**
 * Logs are read-only. Staff read their own tenant's rows; platform staff may pass `tenantId`
 * to read one agent's rows instead (without it they see the platform's rows and, in the
 * login log, attempts on unknown usernames, which belong to no tenant).
 */
const LogScope = { tenantId: Id.optional() };

export const LoginKind = z.enum(['password', 'sms', 'social', 'logout', 'password-change', 'cancellation']);
export type LoginKind = z.infer<typeof LoginKind>;

export const LoginLogQuery = ListQuery.extend({
  ...LogScope,
  username: TextFilter,
  ip: TextFilter,
  /** Exact: success, bad-password, locked, tenant-disabled, … */
  result: TextFilter,
  kind: LoginKind.optional(),
  createdFrom: DateFrom,
  createdTo: DateTo,
});
export type LoginLogQuery = z.infer<typeof LoginLogQuery>;

export interface LoginLog {
  id: number;
  tenantId: number | null;
  userId: number | null;
  username: string;
  kind: LoginKind;
  result: string;
  ip: string;
  userAgent: string;
  createdAt: string;
}

export const OperateLogQuery = ListQuery.extend({
  ...LogScope,
  username: TextFilter,
  module: TextFilter,
  path: TextFilter,
  resultCode: z.coerce.number().int().min(0).max(999).optional(),
  createdFrom: DateFrom,
  createdTo: DateTo,
});
export type OperateLogQuery = z.infer<typeof OperateLogQuery>;

export interface OperateLog {
  id: number;
  tenantId: number | null;
  userId: number | null;
  username: string;
  module: string;
  action: string;
  method: string;
  path: string;
  /** Query and body as JSON, secrets masked, at most 2000 characters. */
  params: string;
  resultCode: number;
  durationMs: number;
  ip: string;
  userAgent: string;
  createdAt: string;
}

/** The SMS outbox has no tenant: platform staff only. */
export const SmsLogQuery = ListQuery.extend({
  mobile: TextFilter,
  template: TextFilter,
  status: TextFilter,
  createdFrom: DateFrom,
  createdTo: DateTo,
});
export type SmsLogQuery = z.infer<typeof SmsLogQuery>;

export interface SmsLog {
  id: number;
  mobile: string;
  template: string;
  /** Codes in the text are masked: the log must not hand out live sign-in codes. */
  content: string;
  status: string;
  createdAt: string;
}
