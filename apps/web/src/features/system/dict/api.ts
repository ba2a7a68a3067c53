import {
  dictDataApi,
  dictTypeApi,
  type DictDataCreate,
  type DictDataQuery,
  type DictDataUpdate,
  type DictTypeCreate,
  type DictTypeQuery,
  type DictTypeUpdate,
} from '@lightdesk/contract';
import { loadDicts } from '../../../components/load-dicts';
import { call } from '../../../lib/http';
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

export const dictTypePageQuery = (q: DictTypeQuery) => dictTypeCache.query(dictTypeApi.page, q);
export const createDictType = (body: DictTypeCreate) => thenReload(call(dictTypeApi.create, body));
/** Renaming `type` is refused (409) while the dictionary has entries: they name it by its text. */
export const updateDictType = (body: DictTypeUpdate) => thenReload(call(dictTypeApi.update, body));
/** Refused (409) while the dictionary has entries. */
export const deleteDictType = (id: number) => thenReload(call(dictTypeApi.delete, { id }));

/** The entries of one dictionary: `dictType` is part of every query. */
export const dictDataPageQuery = (q: DictDataQuery) => dictDataCache.query(dictDataApi.page, q);
export const createDictData = (body: DictDataCreate) => thenReload(call(dictDataApi.create, body));
export const updateDictData = (body: DictDataUpdate) => thenReload(call(dictDataApi.update, body));
export const deleteDictData = (id: number) => thenReload(call(dictDataApi.delete, { id }));
