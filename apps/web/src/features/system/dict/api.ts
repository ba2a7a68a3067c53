import type {
  DictDataCreate,
  DictDataDetail,
  DictDataQuery,
  DictDataUpdate,
  DictTypeCreate,
  DictTypeDetail,
  DictTypeQuery,
  DictTypeUpdate,
  Page,
} from '@lightdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { loadDicts } from '../../../components/load-dicts';
import { api } from '../../../lib/http';
import { resourceCache } from '../../../lib/resource-cache';

export const dictTypeCache = resourceCache('system', 'dict-type');
export const dictDataCache = resourceCache('system', 'dict-data');

/**
 * Every change to a dictionary refreshes the web's dictionary cache as well, so tags
 * and selects on every screen show it at once, not after the next sign-in.
 */
const thenReload = async <T>(change: Promise<T>): Promise<T> => {
  const result = await change;
  // The change is saved: a failed refresh (already toasted by the client) must not undo that.
  await loadDicts().catch(() => undefined);
  return result;
};

export const dictTypePageQuery = (q: DictTypeQuery) =>
  queryOptions({ queryKey: dictTypeCache.key('page', q), queryFn: () => api.get<Page<DictTypeDetail>>('/system/dict-type/page', q) });
export const createDictType = (body: DictTypeCreate) => thenReload(api.post<number>('/system/dict-type/create', body));
/** Renaming `type` is refused (409) while the dictionary has entries: they name it by its text. */
export const updateDictType = (body: DictTypeUpdate) => thenReload(api.put<boolean>('/system/dict-type/update', body));
/** Refused (409) while the dictionary has entries. */
export const deleteDictType = (id: number) => thenReload(api.delete<boolean>('/system/dict-type/delete', { id }));

/** The entries of one dictionary: `dictType` is part of every query. */
export const dictDataPageQuery = (q: DictDataQuery) =>
  queryOptions({ queryKey: dictDataCache.key('page', q), queryFn: () => api.get<Page<DictDataDetail>>('/system/dict-data/page', q) });
export const createDictData = (body: DictDataCreate) => thenReload(api.post<number>('/system/dict-data/create', body));
export const updateDictData = (body: DictDataUpdate) => thenReload(api.put<boolean>('/system/dict-data/update', body));
export const deleteDictData = (id: number) => thenReload(api.delete<boolean>('/system/dict-data/delete', { id }));
