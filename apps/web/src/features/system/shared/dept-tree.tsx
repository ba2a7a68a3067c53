import { deptApi, type DeptSimple } from '@lightdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import TreeSelect, { type TreeSelectProps } from 'antd/es/tree-select';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { buildTree, type TreeNode } from '../../../components/flat-tree';
import { deptCache } from '../dept/api';

/** Enabled departments of the tenant, for pickers (staff filter and form, a role's custom scope, a parent). */
export const deptSimpleQuery = () => queryOptions({ ...deptCache.query(deptApi.listAllSimple), staleTime: 60_000 });

/** antd tree data (`key`, `value`, `title`) for the department tree; disabled ids cannot be chosen. */
export interface DeptOption {
  key: number;
  value: number;
  title: string;
  disabled?: boolean;
  children?: DeptOption[];
}
function toOptions(nodes: readonly TreeNode<DeptSimple>[], disabled: ReadonlySet<number>, inherited = false): DeptOption[] {
  return nodes.map((n) => {
    const off = inherited || disabled.has(n.id);
    return {
      key: n.id,
      value: n.id,
      title: n.name,
      ...(off ? { disabled: true } : {}),
      ...(n.children ? { children: toOptions(n.children, disabled, off) } : {}),
    };
  });
}

/** The department tree as antd options; `exclude` and everything below it cannot be picked (a department's own branch as its parent). */
export function useDeptOptions(exclude?: number) {
  const { data, isLoading } = useQuery(deptSimpleQuery());
  const options = useMemo(() => toOptions(buildTree(data ?? []), new Set(exclude === undefined ? [] : [exclude])), [data, exclude]);
  return { options, isLoading };
}

export interface DeptTreeSelectProps extends Omit<TreeSelectProps<number>, 'treeData'> {
  exclude?: number;
}

/** A searchable department picker over the tree. */
export function DeptTreeSelect({ exclude, placeholder, style, ...rest }: DeptTreeSelectProps) {
  const { t } = useTranslation('system');
  const { options, isLoading } = useDeptOptions(exclude);
  return (
    <TreeSelect<number>
      allowClear
      showSearch
      treeDefaultExpandAll
      treeNodeFilterProp="title"
      loading={isLoading}
      placeholder={placeholder ?? t('dept.pick')}
      treeData={options}
      style={{ width: 200, ...style }}
      {...rest}
    />
  );
}
