import { z } from 'zod';
import { CommonStatus, Id, ListQuery, TextFilter } from '../common';
import { ColorType, DictTypeParam } from '../dict';

// Administration of dictionaries; the signed-in read shapes (DictData, DictType names) are in ../dict.ts.

export const DictTypeQuery = ListQuery.extend({ name: TextFilter, type: TextFilter, status: CommonStatus.optional() });
export type DictTypeQuery = z.infer<typeof DictTypeQuery>;

export const DictTypeCreate = z.object({
  name: z.string().trim().min(1).max(100),
  type: DictTypeParam.shape.type,
  status: CommonStatus.default(0),
  remark: z.string().trim().max(500).default(''),
});
export type DictTypeCreate = z.infer<typeof DictTypeCreate>;
export const DictTypeUpdate = DictTypeCreate.extend({ id: Id });
export type DictTypeUpdate = z.infer<typeof DictTypeUpdate>;

export interface DictTypeDetail extends DictTypeCreate {
  id: number;
  createdAt: string;
}
export interface DictTypeSimple {
  id: number;
  name: string;
  type: string;
}

/** Entries are listed one dictionary at a time: `dictType` is required. */
export const DictDataQuery = ListQuery.extend({ dictType: DictTypeParam.shape.type, label: TextFilter, status: CommonStatus.optional() });
export type DictDataQuery = z.infer<typeof DictDataQuery>;

export const DictDataCreate = z.object({
  dictType: DictTypeParam.shape.type,
  value: z.string().trim().min(1).max(100),
  label: z.string().trim().min(1).max(100),
  colorType: ColorType.default(''),
  cssClass: z.string().trim().max(100).default(''),
  sort: z.number().int().min(0).max(9999).default(0),
  status: CommonStatus.default(0),
  remark: z.string().trim().max(500).default(''),
});
export type DictDataCreate = z.infer<typeof DictDataCreate>;
export const DictDataUpdate = DictDataCreate.extend({ id: Id });
export type DictDataUpdate = z.infer<typeof DictDataUpdate>;

export interface DictDataDetail extends DictDataCreate {
  id: number;
  createdAt: string;
}
