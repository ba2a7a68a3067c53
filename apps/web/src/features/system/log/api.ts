import type { LoginLog, LoginLogQuery, OperateLog, OperateLogQuery, Page, SmsLog, SmsLogQuery } from '@lightdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/http';

export const loginLogPageQuery = (q: LoginLogQuery) =>
  queryOptions({ queryKey: ['system', 'login-log', 'page', q], queryFn: () => api.get<Page<LoginLog>>('/system/login-log/page', q) });

export const operateLogPageQuery = (q: OperateLogQuery) =>
  queryOptions({ queryKey: ['system', 'operate-log', 'page', q], queryFn: () => api.get<Page<OperateLog>>('/system/operate-log/page', q) });

export const smsLogPageQuery = (q: SmsLogQuery) =>
  queryOptions({ queryKey: ['system', 'sms-log', 'page', q], queryFn: () => api.get<Page<SmsLog>>('/system/sms-log/page', q) });
