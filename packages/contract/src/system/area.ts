import { z } from 'zod';
import { Text } from '../common';

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

export interface Area {
  code: string;
  name: string;
  type: AreaType;
  parentCode: string | null;
}
/** In GET children: whether the area has subdivisions to open. */
export interface AreaChild extends Area {
  hasChildren: boolean;
}
export interface AreaNode extends Area {
  children?: AreaNode[];
}
