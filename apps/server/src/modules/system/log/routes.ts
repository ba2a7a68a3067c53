import { DictType, loginLogApi, operateLogApi, smsLogApi } from '@lightdesk/contract';
import { desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { loginLog, operateLog, smsOutbox } from '../schema';
import type { Session } from '../../../lib/context';
import { forbidden } from '../../../lib/errors';
import { resourceRoutes, type RowOf } from '../../../lib/resource';
import { contains, equals, within } from '../../../lib/filters';
import { defineRoutes } from '../../../lib/routes';
import { column, dateColumn, dictColumn, labelColumn } from '../../../lib/excel';

/**
 * Whose log rows a caller reads. Staff read their own tenant's rows. Platform staff (who
 * manage the agents) may pass `tenantId` to read one agent's rows and may open any row by
 * id; without `tenantId` they read the platform's rows plus those of no tenant (sign-in
 * attempts on unknown usernames). An agent's staff asking for another tenant are refused.
 */
const logScope =
  (column: PgColumn) =>
  (session: Session, q: { tenantId?: number | undefined } | null): SQL | undefined => {
    if (session.tenantType !== 'platform') {
      if (q?.tenantId !== undefined && q.tenantId !== session.tenantId) throw forbidden('auth.platform-only');
      return eq(column, session.tenantId);
    }
    if (q === null) return undefined;
    return q.tenantId !== undefined ? eq(column, q.tenantId) : or(eq(column, session.tenantId), isNull(column));
  };

const loginColumns = {
  id: loginLog.id,
  tenantId: loginLog.tenantId,
  userId: loginLog.userId,
  username: loginLog.username,
  kind: loginLog.kind,
  result: loginLog.result,
  ip: loginLog.ip,
  userAgent: loginLog.userAgent,
  createdAt: loginLog.createdAt,
};
type LoginRow = RowOf<typeof loginColumns>;

const operateColumns = {
  id: operateLog.id,
  tenantId: operateLog.tenantId,
  userId: operateLog.userId,
  username: operateLog.username,
  module: operateLog.module,
  action: operateLog.action,
  method: operateLog.method,
  path: operateLog.path,
  params: operateLog.params,
  resultCode: operateLog.resultCode,
  durationMs: operateLog.durationMs,
  ip: operateLog.ip,
  userAgent: operateLog.userAgent,
  createdAt: operateLog.createdAt,
};
type OperateRow = RowOf<typeof operateColumns>;

const smsColumns = {
  id: smsOutbox.id,
  mobile: smsOutbox.mobile,
  template: smsOutbox.template,
  // Sign-in codes sit in the text of outgoing SMS; whoever reads the log must not be able to use them.
  content: sql<string>`regexp_replace(${smsOutbox.content}, '[0-9]{4,8}', '******', 'g')`.as('content'),
  status: smsOutbox.status,
  createdAt: smsOutbox.createdAt,
};
type SmsRow = RowOf<typeof smsColumns>;

export default defineRoutes((r, ctx) => {
  resourceRoutes(r, ctx, {
    api: loginLogApi,
    table: loginLog,
    id: loginLog.id,
    tenancy: { scope: logScope(loginLog.tenantId) },
    columns: loginColumns,
    filters: (q) => [
      contains(loginLog.username, q.username),
      contains(loginLog.ip, q.ip),
      equals(loginLog.result, q.result),
      equals(loginLog.kind, q.kind),
      ...within(loginLog.createdAt, q.createdFrom, q.createdTo),
    ],
    sortable: { createdAt: loginLog.createdAt, username: loginLog.username, ip: loginLog.ip, result: loginLog.result },
    defaultSort: [desc(loginLog.createdAt), desc(loginLog.id)],
    excel: {
      file: 'login-log',
      columns: [
        dateColumn<LoginRow>('createdAt', 'system:log.field.time'),
        column<LoginRow>('username', 'system:log.field.username'),
        labelColumn<LoginRow>('kind', 'system:log.field.kind', (l) => `system:log.kind.${l.kind}`),
        dictColumn<LoginRow>('result', 'system:log.field.result', DictType.loginResult),
        column<LoginRow>('ip', 'system:log.field.ip'),
        column<LoginRow>('userAgent', 'system:log.field.userAgent', { width: 40 }),
      ],
    },
  });

  resourceRoutes(r, ctx, {
    api: operateLogApi,
    table: operateLog,
    id: operateLog.id,
    tenancy: { scope: logScope(operateLog.tenantId) },
    columns: operateColumns,
    filters: (q) => [
      contains(operateLog.username, q.username),
      contains(operateLog.module, q.module),
      contains(operateLog.path, q.path),
      equals(operateLog.resultCode, q.resultCode),
      ...within(operateLog.createdAt, q.createdFrom, q.createdTo),
    ],
    sortable: { createdAt: operateLog.createdAt, username: operateLog.username, durationMs: operateLog.durationMs, resultCode: operateLog.resultCode },
    defaultSort: [desc(operateLog.createdAt), desc(operateLog.id)],
    excel: {
      file: 'operate-log',
      columns: [
        dateColumn<OperateRow>('createdAt', 'system:log.field.time'),
        column<OperateRow>('username', 'system:log.field.operator'),
        column<OperateRow>('module', 'system:log.field.module'),
        column<OperateRow>('action', 'system:log.field.action', { width: 30 }),
        // Method and path together, as the list's request column shows them.
        column<OperateRow>('request', 'system:log.field.request', { width: 44, value: (o) => `${o.method} ${o.path}` }),
        column<OperateRow>('resultCode', 'system:log.field.result', { width: 8 }),
        column<OperateRow>('durationMs', 'system:log.field.durationMs', { width: 12 }),
        column<OperateRow>('ip', 'system:log.field.ip'),
      ],
    },
  });

  resourceRoutes(r, ctx, {
    api: smsLogApi,
    // The outbox records no tenant, so only the platform's staff may read it.
    tenancy: { platform: true },
    table: smsOutbox,
    id: smsOutbox.id,
    columns: smsColumns,
    filters: (q) => [
      contains(smsOutbox.mobile, q.mobile),
      contains(smsOutbox.template, q.template),
      equals(smsOutbox.status, q.status),
      ...within(smsOutbox.createdAt, q.createdFrom, q.createdTo),
    ],
    sortable: { createdAt: smsOutbox.createdAt, mobile: smsOutbox.mobile },
    defaultSort: [desc(smsOutbox.createdAt), desc(smsOutbox.id)],
    excel: {
      file: 'sms-log',
      columns: [
        dateColumn<SmsRow>('createdAt', 'system:log.field.time'),
        column<SmsRow>('mobile', 'system:log.field.mobile'),
        labelColumn<SmsRow>('template', 'system:log.field.template', (s) => `system:log.smsTemplate.${s.template}`),
        column<SmsRow>('content', 'system:log.field.content', { width: 50 }),
        labelColumn<SmsRow>('status', 'system:log.field.status', (s) => `system:log.smsStatus.${s.status}`),
      ],
    },
  });
});
