import { areaApi, type AreaNode } from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Input from 'antd/es/input';
import Spin from 'antd/es/spin';
import Tree from 'antd/es/tree';
import Typography from 'antd/es/typography';
import { useMemo, useState, useSyncExternalStore, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/export-button';
import { downloadExport } from '../../../lib/http';
import { usePermission } from '../../../lib/permission';
import { areaTreeQuery } from './api';

interface AreaTreeNode {
  key: string;
  title: ReactNode;
  isLeaf: boolean;
  children?: AreaTreeNode[];
}

/** The name with the searched text marked, so a match deep in a long list is easy to spot. */
function marked(text: string, keyword: string): ReactNode {
  const at = keyword ? text.toLowerCase().indexOf(keyword.toLowerCase()) : -1;
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <mark>{text.slice(at, at + keyword.length)}</mark>
      {text.slice(at + keyword.length)}
    </>
  );
}

export function toTreeData(nodes: readonly AreaNode[], keyword: string): AreaTreeNode[] {
  return nodes.map((n) => ({
    key: n.code,
    isLeaf: !n.children?.length,
    title: (
      <span className="area-node">
        {marked(n.name, keyword)}{' '}
        <Typography.Text type="secondary" code>
          {n.code}
        </Typography.Text>
      </span>
    ),
    ...(n.children?.length ? { children: toTreeData(n.children, keyword) } : {}),
  }));
}

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};
const windowHeight = () => window.innerHeight;

/**
 * Areas: the ISO 3166 countries and their first-level subdivisions, shipped with the
 * product and read-only. 4,000+ nodes, so the tree is virtual (only the visible rows are drawn).
 */
export function AreaPage() {
  const { t } = useTranslation('system');
  const { hasPermi } = usePermission();
  const [keyword, setKeyword] = useState('');
  const { data, isFetching } = useQuery(areaTreeQuery(keyword));
  const height = Math.max(360, useSyncExternalStore(subscribe, windowHeight, windowHeight) - 300);

  const treeData = useMemo(() => toTreeData(data ?? [], keyword), [data, keyword]);
  const subdivisions = useMemo(() => (data ?? []).reduce((n, c) => n + (c.children?.length ?? 0), 0), [data]);

  // A search opens the countries it found; what someone folds or opens afterwards is theirs.
  const [opened, setOpened] = useState<{ keyword: string; keys: Key[] }>({ keyword: '', keys: [] });
  const expandedKeys = opened.keyword === keyword ? opened.keys : keyword ? (data ?? []).filter((c) => c.children?.length).map((c) => c.code) : [];

  return (
    <Card data-testid="area-page">
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 16, marginBottom: 16 }}>
        <Input.Search
          allowClear
          enterButton
          placeholder={t('area.search')}
          style={{ maxWidth: 440 }}
          onSearch={(value) => setKeyword(value.trim())}
          loading={isFetching}
          data-testid="area-search"
        />
        {data && (
          <Typography.Text type="secondary" data-testid="area-count">
            {t('area.count', { countries: data.length, subdivisions })}
          </Typography.Text>
        )}
        {hasPermi(areaApi.exportExcel.access.permission) && (
          // The file holds what the tree shows: the same search.
          <span style={{ marginInlineStart: 'auto' }}>
            <ExportButton endpoint={areaApi.exportExcel} params={keyword ? { keyword } : {}} fileName={t('area.file')} download={downloadExport} />
          </span>
        )}
      </div>
      {!data ? (
        <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
          <Spin />
        </div>
      ) : treeData.length === 0 ? (
        <Empty description={t('area.none')} />
      ) : (
        <Tree
          treeData={treeData}
          height={height}
          virtual
          blockNode
          selectable={false}
          expandedKeys={expandedKeys}
          onExpand={(keys) => setOpened({ keyword, keys })}
          data-testid="area-tree"
        />
      )}
    </Card>
  );
}
