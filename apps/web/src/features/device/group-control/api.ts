import { commandApi, commandHistoryApi, type CommandQuery, type CommandSend } from '@lightdesk/contract';
import { call } from '../../../lib/http';
import { resourceCache } from '../../../lib/resource-cache';

export const commandCache = resourceCache('device', 'group-command');

export const commandHistoryQuery = (q: CommandQuery) => commandCache.query(commandHistoryApi.page, q);
export const commandDetailQuery = (id: number) => commandCache.query(commandHistoryApi.get, { id });
export const commandStoresQuery = (keyword: string) => commandCache.query(commandApi.stores, keyword ? { keyword } : {});
export const commandTargetsQuery = (storeIds: number[]) => commandCache.query(commandApi.targets, { storeIds: storeIds.join(',') });
export const sendCommand = (body: CommandSend) => call(commandApi.send, body);
