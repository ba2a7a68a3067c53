import { configApi, type ConfigCreate, type ConfigQuery, type ConfigUpdate } from '@lightdesk/contract';
import { call } from '../../../lib/http';
import { resourceCache } from '../../../lib/resource-cache';

export const configCache = resourceCache('system', 'config');

export const configPageQuery = (q: ConfigQuery) => configCache.query(configApi.page, q);
/** A built-in entry keeps its key and type (400 naming the field otherwise). */
export const createConfig = (body: ConfigCreate) => call(configApi.create, body);
export const updateConfig = (body: ConfigUpdate) => call(configApi.update, body);
/** Refused (409) for built-in entries: the server reads them. */
export const deleteConfig = (id: number) => call(configApi.delete, { id });
