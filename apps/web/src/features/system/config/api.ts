import type { ConfigCreate, ConfigEntry, ConfigQuery, ConfigUpdate, Page } from '@lightdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { resourceCache } from '../../../lib/resource-cache';

export const configCache = resourceCache('system', 'config');

export const configPageQuery = (q: ConfigQuery) =>
  queryOptions({ queryKey: configCache.key('page', q), queryFn: () => api.get<Page<ConfigEntry>>('/system/config/page', q) });
/** A built-in entry keeps its key and type (400 naming the field otherwise). */
export const createConfig = (body: ConfigCreate) => api.post<number>('/system/config/create', body);
export const updateConfig = (body: ConfigUpdate) => api.put<boolean>('/system/config/update', body);
/** Refused (409) for built-in entries: the server reads them. */
export const deleteConfig = (id: number) => api.delete<boolean>('/system/config/delete', { id });
