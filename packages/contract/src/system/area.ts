import { z } from 'zod';
import { Text } from '../common';
import { endpoint } from '../endpoint';

/** ISO 3166-1 alpha-2 (`DE`) or ISO 3166-2 (`DE-BY`); case-insensitive on input. */
export const AreaCode = Text(6)
  .toUpperCase()
  .regex(/^[A-Z]{2}(-[A-Z0-9]{1,3})?$/, 'must be an ISO 3166 code such as DE or DE-BY');

export const AreaType = z.enum(['country', 'subdivision']);
export type AreaType = z.infer<typeof AreaType>;

export const AreaTreeQuery = z.object({ keyword: Text(100).optional() });
/** No parentCode: the countries. */
export const AreaChildrenQuery = z.object({ parentCode: z.union([AreaCode, z.literal('')]).optional() });
export const AreaCodeQuery = z.object({ code: AreaCode });

export const Area = z.object({ code: z.string(), name: z.string(), type: AreaType, parentCode: z.string().nullable() });
export type Area = z.infer<typeof Area>;
/** In GET children: whether the area has subdivisions to open. */
export const AreaChild = Area.extend({ hasChildren: z.boolean() });
export type AreaChild = z.infer<typeof AreaChild>;
export interface AreaNode extends Area {
  children?: AreaNode[];
}
export const AreaNode: z.ZodType<AreaNode> = Area.extend({
  get children() {
    return z.array(AreaNode).optional();
  },
});

/**
 * Areas are reference data shipped with the product (ISO 3166), the same for every tenant and
 * read-only: anyone holding `system:area:query` reads them, agents' staff too, and
 * `system:area:export` exports them.
 */
export const areaApi = {
  tree: endpoint.get('/api/system/area/tree', {
    permission: 'system:area:query',
    query: AreaTreeQuery,
    answer: z.array(AreaNode),
    summary: 'Countries and their subdivisions, optionally searched',
  }),
  children: endpoint.get('/api/system/area/children', {
    permission: 'system:area:query',
    query: AreaChildrenQuery,
    answer: z.array(AreaChild),
    summary: 'The countries, or the subdivisions of one',
  }),
  get: endpoint.get('/api/system/area/get', { permission: 'system:area:query', query: AreaCodeQuery, answer: Area, summary: 'One area by its ISO 3166 code' }),
  /** The tree as a table: each country followed by its subdivisions, with the same search as the tree. */
  exportExcel: endpoint.get('/api/system/area/export-excel', { permission: 'system:area:export', query: AreaTreeQuery, summary: 'Export areas to Excel' }),
};
