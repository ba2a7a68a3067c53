import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DataEmpty, DataFailed, DataLoading } from '../../components/data-state';

/**
 * What a home panel shows before its figures arrive, when they cannot be read, or when there are
 * none; `children` draws the data. One panel failing leaves the others as they are.
 */
export function PanelState<T>({
  query,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty?: (data: T) => boolean;
  empty?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <DataLoading rows={2} testId="panel-loading" />;
  if (query.isError) return <DataFailed retry={() => void query.refetch()} testId="panel-error" />;
  if (isEmpty?.(query.data)) return <DataEmpty description={empty} compact testId="panel-empty" />;
  return <>{children(query.data)}</>;
}
