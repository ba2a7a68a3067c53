import { z } from 'zod';
import { CommonStatus, DateTime, Id, Int32, ListQuery, Text, TextFilter } from '../common';
import { endpoint } from '../endpoint';
import { resourceEndpoints } from '../resource';
import { ColorType, DictData, DictTypeParam } from '../dict';

// Administration of dictionaries; the signed-in read shapes (DictData, DictType names) are in ../dict.ts.

export const DictTypeQuery = ListQuery.extend({ name: TextFilter, type: TextFilter, status: CommonStatus.optional() });
export type DictTypeQuery = z.infer<typeof DictTypeQuery>;

export const DictTypeCreate = z.object({
  name: Text(100).min(1),
  type: DictTypeParam.shape.type,
  status: CommonStatus.default(0),
  remark: Text(500, { lines: true }).default(''),
});
export type DictTypeCreate = z.infer<typeof DictTypeCreate>;
export const DictTypeUpdate = DictTypeCreate.extend({ id: Id });
export type DictTypeUpdate = z.infer<typeof DictTypeUpdate>;

export const DictTypeDetail = DictTypeCreate.extend({ id: Id, createdAt: DateTime });
export type DictTypeDetail = z.infer<typeof DictTypeDetail>;
export const DictTypeSimple = z.object({ id: Id, name: z.string(), type: z.string() });
export type DictTypeSimple = z.infer<typeof DictTypeSimple>;

/** Entries are listed one dictionary at a time: `dictType` is required. */
export const DictDataQuery = ListQuery.extend({ dictType: DictTypeParam.shape.type, label: TextFilter, status: CommonStatus.optional() });
export type DictDataQuery = z.infer<typeof DictDataQuery>;

export const DictDataCreate = z.object({
  dictType: DictTypeParam.shape.type,
  value: Text(100).min(1),
  label: Text(100).min(1),
  colorType: ColorType.default(''),
  cssClass: Text(100).default(''),
  sort: Int32(0, 9999).default(0),
  status: CommonStatus.default(0),
  remark: Text(500, { lines: true }).default(''),
});
export type DictDataCreate = z.infer<typeof DictDataCreate>;
export const DictDataUpdate = DictDataCreate.extend({ id: Id });
export type DictDataUpdate = z.infer<typeof DictDataUpdate>;

export const DictDataDetail = DictDataCreate.extend({ id: Id, createdAt: DateTime });
export type DictDataDetail = z.infer<typeof DictDataDetail>;

export const dictTypeApi = resourceEndpoints('/api/system/dict-type', 'system:dict', {
  name: 'dictionary',
  query: DictTypeQuery,
  row: DictTypeDetail,
  create: DictTypeCreate,
  update: DictTypeUpdate,
  simple: DictTypeSimple,
  excel: true,
  platform: true,
});
/** Platform staff edit the entries; everyone signed in reads the enabled ones (`ofType`, `enabled`). */
export const dictDataApi = {
  ...resourceEndpoints('/api/system/dict-data', 'system:dict', {
    name: 'dictionary entry',
    query: DictDataQuery,
    row: DictDataDetail,
    create: DictDataCreate,
    update: DictDataUpdate,
    excel: true,
    platform: true,
  }),
  ofType: endpoint.get('/api/system/dict-data/type/:type', {
    signedIn: true,
    params: DictTypeParam,
    answer: z.array(DictData),
    summary: 'Enabled entries of one dictionary',
  }),
  // The web groups these by dictType after sign-in; ordered so each group is contiguous.
  enabled: endpoint.get('/api/system/dict-data/list-all-simple', { signedIn: true, answer: z.array(DictData), summary: 'Every enabled dictionary entry' }),
};
