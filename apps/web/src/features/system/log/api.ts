import type { LoginLog, LoginLogQuery, OperateLog, OperateLogQuery, Page, SmsLog, SmsLogQuery } from '@lightdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { resourceCache } from '../../../lib/resource-cache';

export const loginLogCache = resourceCache('system', 'login-log');
export const operateLogCache = resourceCache('system', 'operate-log');
export const smsLogCache = resourceCache('system', 'sms-log');

export const loginLogPageQuery = (q: LoginLogQuery) =>
  queryOptions({ queryKey: loginLogCache.key('page', q), queryFn: () => api.get<Page<LoginLog>>('/system/login-log/page', q) });

export const operateLogPageQuery = (q: OperateLogQuery) =>
  queryOptions({ queryKey: operateLogCache.key('page', q), queryFn: () => api.get<Page<OperateLog>>('/system/operate-log/page', q) });

export const smsLogPageQuery = (q: SmsLogQuery) =>
  queryOptions({ queryKey: smsLogCache.key('page', q), queryFn: () => api.get<Page<SmsLog>>('/system/sms-log/page', q) });
