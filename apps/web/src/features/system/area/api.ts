import { areaApi } from '@lightdesk/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { resourceCache } from '../../../lib/resource-cache';

export const areaCache = resourceCache('system', 'area');

/**
 * Countries with their subdivisions; with a keyword, the matches (a matching country brings all
 * its subdivisions, a matching subdivision its country). Reference data: it changes with releases only.
 */
export const areaTreeQuery = (keyword: string) =>
  queryOptions({
    ...areaCache.query(areaApi.tree, { keyword: keyword || undefined }),
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
