import { DictType, type MenuSimple } from '@lightdesk/contract';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Tree from 'antd/es/tree';
import { useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictLabel } from '../../../components/use-dict';
import { menuTree, type MenuTreeNode } from '../role/menu-grants';
import { indexMenus, toggleMenu } from './menu-tree';

export interface MenuCheckTreeProps {
  menus: readonly MenuSimple[];
  /** The checked menu ids (a form field's value). */
  value?: readonly number[];
  onChange?: (ids: number[]) => void;
}

const TYPE_COLOURS = { D: 'blue', M: 'green', B: 'default' } as const;

/** A checkable menu tree: directories, screens and their buttons (a package is a set of menus). */
export function MenuCheckTree({ menus, value = [], onChange }: MenuCheckTreeProps) {
  const { t } = useTranslation('system');
  const dictLabel = useDictLabel();
  const tree = useMemo(() => menuTree(menus), [menus]);
  const index = useMemo(() => indexMenus(menus), [menus]);
  const topLevel = useMemo(() => tree.map((n) => n.key), [tree]);
  const [expanded, setExpanded] = useState<Key[]>(topLevel);
  const checked = useMemo(() => new Set(value), [value]);

  const emit = (next: Set<number>) => onChange?.([...next].sort((a, b) => a - b));
  const title = (node: MenuTreeNode) => (
    <Space size={6}>
      <span>{node.title}</span>
      <Tag color={TYPE_COLOURS[node.type]} style={{ marginInlineEnd: 0, fontSize: 11, lineHeight: '16px' }}>
        {dictLabel(DictType.menuType, node.type)}
      </Tag>
    </Space>
  );

  return (
    <div data-testid="menu-check-tree">
      <Space size={4} style={{ marginBottom: 8 }} wrap>
        <Button size="small" onClick={() => setExpanded(menus.filter((m) => index.childrenOf.has(m.id)).map((m) => m.id))}>
          {t('package.tree.expandAll')}
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          {t('package.tree.collapseAll')}
        </Button>
        <Button size="small" onClick={() => emit(new Set(menus.map((m) => m.id)))}>
          {t('package.tree.checkAll')}
        </Button>
        <Button size="small" onClick={() => emit(new Set())}>
          {t('package.tree.checkNone')}
        </Button>
        <span style={{ color: 'var(--ant-color-text-secondary, #8c8c8c)' }} data-testid="menu-check-count">
          {t('package.tree.count', { count: checked.size })}
        </span>
      </Space>
      <div style={{ maxHeight: 360, overflow: 'auto', border: '1px solid var(--ant-color-border, #d9d9d9)', borderRadius: 6, padding: '4px 0' }}>
        <Tree<MenuTreeNode>
          checkable
          // The links between parent and children are ours (toggleMenu), not antd's.
          checkStrictly
          selectable={false}
          treeData={tree}
          titleRender={title}
          expandedKeys={expanded}
          onExpand={(keys) => setExpanded(keys)}
          checkedKeys={{ checked: [...checked], halfChecked: [] }}
          onCheck={(_keys, info) => emit(toggleMenu(index, checked, Number(info.node.key), info.checked))}
        />
      </div>
    </div>
  );
}
