import { loginLogApi, operateLogApi, smsLogApi, type LoginLogQuery, type OperateLogQuery, type SmsLogQuery } from '@lightdesk/contract';
import { resourceCache } from '../../../lib/resource-cache';

export const loginLogCache = resourceCache('system', 'login-log');
export const operateLogCache = resourceCache('system', 'operate-log');
export const smsLogCache = resourceCache('system', 'sms-log');

export const loginLogPageQuery = (q: LoginLogQuery) => loginLogCache.query(loginLogApi.page, q);
export const operateLogPageQuery = (q: OperateLogQuery) => operateLogCache.query(operateLogApi.page, q);
export const smsLogPageQuery = (q: SmsLogQuery) => smsLogCache.query(smsLogApi.page, q);
