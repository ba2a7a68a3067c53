import { z } from 'zod';
import { DateFrom, DateTime, DateTo, Id, Int32, ListQuery, TextFilter } from '../common';
import { resourceEndpoints } from '../resource';

/**
 * Logs are read-only. Staff read their own tenant's rows; platform staff may pass `tenantId`
 * to read one agent's rows instead (without it they see the platform's rows and, in the
 * login log, attempts on unknown usernames, which belong to no tenant).
 */
const LogScope = { tenantId: Id.optional() };

export const LoginKind = z.enum(['password', 'sms', 'social', 'logout', 'password-change', 'cancellation', 'app-password']);
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

export const LoginLog = z.object({
  id: Id,
  tenantId: Id.nullable(),
  userId: Id.nullable(),
  username: z.string(),
  kind: LoginKind,
  result: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  createdAt: DateTime,
});
export type LoginLog = z.infer<typeof LoginLog>;

export const OperateLogQuery = ListQuery.extend({
  ...LogScope,
  username: TextFilter,
  module: TextFilter,
  path: TextFilter,
  resultCode: Int32(0, 999).optional(),
  createdFrom: DateFrom,
  createdTo: DateTo,
});
export type OperateLogQuery = z.infer<typeof OperateLogQuery>;

export const OperateLog = z.object({
  id: Id,
  tenantId: Id.nullable(),
  userId: Id.nullable(),
  username: z.string(),
  module: z.string(),
  action: z.string(),
  method: z.string(),
  path: z.string(),
  /** Path parameters, query and body as their schemas accepted them, as JSON: secret fields masked, at most 2000 characters. */
  params: z.string(),
  resultCode: z.number().int(),
  durationMs: z.number().int(),
  ip: z.string(),
  userAgent: z.string(),
  createdAt: DateTime,
});
export type OperateLog = z.infer<typeof OperateLog>;

/** The SMS outbox has no tenant: platform staff only. */
export const SmsLogQuery = ListQuery.extend({
  mobile: TextFilter,
  template: TextFilter,
  status: TextFilter,
  createdFrom: DateFrom,
  createdTo: DateTo,
});
export type SmsLogQuery = z.infer<typeof SmsLogQuery>;

export const SmsLog = z.object({
  id: Id,
  mobile: z.string(),
  template: z.string(),
  /** Codes in the text are masked: the log must not hand out live sign-in codes. */
  content: z.string(),
  status: z.string(),
  createdAt: DateTime,
});
export type SmsLog = z.infer<typeof SmsLog>;

export const loginLogApi = resourceEndpoints('/api/system/login-log', 'system:login-log', {
  name: 'sign-in record',
  query: LoginLogQuery,
  row: LoginLog,
  excel: true,
  get: false,
});
export const operateLogApi = resourceEndpoints('/api/system/operate-log', 'system:operate-log', {
  name: 'operation record',
  query: OperateLogQuery,
  row: OperateLog,
  excel: true,
});
export const smsLogApi = resourceEndpoints('/api/system/sms-log', 'system:sms-log', {
  name: 'text message',
  query: SmsLogQuery,
  row: SmsLog,
  platform: true,
  get: false,
  excel: true,
});
