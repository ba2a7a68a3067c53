import { loginLogApi, operateLogApi, smsLogApi } from '@lightdesk/contract';
import { desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { loginLog, operateLog, smsOutbox } from '../schema';
import type { Session } from '../../../lib/context';
import { forbidden } from '../../../lib/errors';
import { resourceRoutes, type RowOf } from '../../../lib/resource';
import { contains, equals, within } from '../../../lib/filters';
import { defineRoutes } from '../../../lib/routes';

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
        { key: 'createdAt', header: { zh: '时间', en: 'Time' }, value: (l: LoginRow) => l.createdAt },
        { key: 'username', header: { zh: '用户名', en: 'Username' }, value: (l: LoginRow) => l.username },
        { key: 'kind', header: { zh: '类型', en: 'Kind' }, value: (l: LoginRow) => l.kind },
        { key: 'result', header: { zh: '结果', en: 'Result' }, value: (l: LoginRow) => l.result },
        { key: 'ip', header: { zh: 'IP', en: 'IP' }, value: (l: LoginRow) => l.ip },
        { key: 'userAgent', header: { zh: '浏览器', en: 'User agent' }, width: 40, value: (l: LoginRow) => l.userAgent },
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
        { key: 'createdAt', header: { zh: '时间', en: 'Time' }, value: (o: OperateRow) => o.createdAt },
        { key: 'username', header: { zh: '操作人', en: 'Username' }, value: (o: OperateRow) => o.username },
        { key: 'module', header: { zh: '模块', en: 'Module' }, value: (o: OperateRow) => o.module },
        { key: 'action', header: { zh: '操作', en: 'Action' }, width: 30, value: (o: OperateRow) => o.action },
        { key: 'method', header: { zh: '请求方法', en: 'Method' }, width: 8, value: (o: OperateRow) => o.method },
        { key: 'path', header: { zh: '请求地址', en: 'Path' }, width: 36, value: (o: OperateRow) => o.path },
        { key: 'resultCode', header: { zh: '结果码', en: 'Result' }, width: 8, value: (o: OperateRow) => o.resultCode },
        { key: 'durationMs', header: { zh: '耗时(毫秒)', en: 'Duration (ms)' }, width: 12, value: (o: OperateRow) => o.durationMs },
        { key: 'ip', header: { zh: 'IP', en: 'IP' }, value: (o: OperateRow) => o.ip },
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
        { key: 'createdAt', header: { zh: '时间', en: 'Time' }, value: (s: SmsRow) => s.createdAt },
        { key: 'mobile', header: { zh: '手机号', en: 'Mobile' }, value: (s: SmsRow) => s.mobile },
        { key: 'template', header: { zh: '模板', en: 'Template' }, value: (s: SmsRow) => s.template },
        { key: 'content', header: { zh: '内容', en: 'Content' }, width: 50, value: (s: SmsRow) => s.content },
        { key: 'status', header: { zh: '状态', en: 'Status' }, value: (s: SmsRow) => s.status },
      ],
    },
  });
});
