import SearchOutlined from '@ant-design/icons/SearchOutlined';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Spin from 'antd/es/spin';
import Tree from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/panel';
import { useDeptOptions, type DeptOption } from '../shared/dept-tree';

/** The branches whose name, or a name below them, contains the text. */
function matching(nodes: readonly DeptOption[], text: string): DeptOption[] {
  return nodes.flatMap((node) => {
    if (node.title.toLowerCase().includes(text)) return [node];
    const children = matching(node.children ?? [], text);
    return children.length ? [{ ...node, children }] : [];
  });
}

export interface DeptPanelProps {
  selected: number | undefined;
  onSelect: (deptId: number | undefined) => void;
}

/** The department tree beside the staff list: choosing a department lists its staff and its sub-departments' (server). */
export function DeptPanel({ selected, onSelect }: DeptPanelProps) {
  const { t } = useTranslation('system');
  const { options, isLoading } = useDeptOptions();
  const [text, setText] = useState('');
  const shown = useMemo(() => (text.trim() ? matching(options, text.trim().toLowerCase()) : options), [options, text]);

  return (
    <Panel title={t('user.deptTree')} className="people-dept-panel" data-testid="dept-panel">
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('user.findDept')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        style={{ marginBottom: 8 }}
      />
      {isLoading ? (
        <Spin />
      ) : shown.length ? (
        <Tree<DeptOption>
          blockNode
          defaultExpandAll
          // A search shows the whole matching branch open.
          key={text.trim() ? `search:${text}` : 'all'}
          treeData={shown}
          selectedKeys={selected === undefined ? [] : [selected]}
          onSelect={(keys) => onSelect(keys.length ? Number(keys[0]) : undefined)}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('user.noDept')} />
      )}
    </Panel>
  );
}
