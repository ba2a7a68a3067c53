import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import NodeCollapseOutlined from '@ant-design/icons/NodeCollapseOutlined';
import NodeExpandOutlined from '@ant-design/icons/NodeExpandOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import type { Page, PageQuery } from '@lightdesk/contract';
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Table, { type ColumnsType, type ColumnType, type TableRef } from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Tooltip from 'antd/es/tooltip';
import { useCallback, useEffect, useMemo, useRef, useState, type ComponentType, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadExport, type ExportEndpoint } from '../lib/http';
import { notify } from '../lib/notify';
import { usePermission } from '../lib/permission';
import { useRefreshResource, type ResourceCache } from '../lib/resource-cache';
import { useConfirmDelete } from './confirm-delete';
import { ExportButton, type DownloadFn } from './export-button';
import { sortAsked, sortKeysOf, withSortShown } from './list-columns';
import { SearchForm, type FilterConfig, type FilterParams } from './list-filters';
import type { ListSort } from './list-url-state';
import { Pagination } from './pagination';
import { RowActionsMenu } from './row-actions-menu';
import { TableScrollbar, tableScrollerProps } from './table-scrollbar';
import { useListUrlState } from './use-list-url-state';
import { PHONE_BREAKPOINT, useWindowWidth } from './use-window-width';

/**
 * A create/edit dialog: `row` is absent when creating; `defaults` presets a new row's fields
 * (e.g. the parent of a child department); `onClose(true)` after a save refreshes the list.
 */
export type ListForm<Row> = ComponentType<{ row?: Row; defaults?: Partial<Row>; onClose: (saved: boolean) => void }>;

/** What a screen's own row actions may do to the list they sit in. */
export interface ListHandle<Row> {
  reload: () => void;
  /** Opens the create form with some fields preset. */
  create: (defaults?: Partial<Row>) => void;
}

export interface ListActions<Row> {
  create?: { permission: string; form: ListForm<Row> };
  /** `when` hides the button on rows the server would refuse to change. */
  edit?: { permission: string; form: ListForm<Row>; when?: (row: Row) => boolean };
  /**
   * Deletes one row after the 'Do you confirm deletion?' dialog; `describe` names it there;
   * `when` hides the button on rows the server would refuse (e.g. built-in entries).
   */
  remove?: { permission: string; run: (row: Row) => Promise<unknown>; describe?: (row: Row) => ReactNode; when?: (row: Row) => boolean };
  /**
   * Excel export of the filtered list by the resource's `exportExcel` endpoint, shown to those
   * holding the permission it is declared with; `download` defaults to the app's download client.
   */
  export?: { endpoint: ExportEndpoint; fileName: string; download?: DownloadFn };
}

/**
 * A TanStack `queryOptions` factory giving `{ list, total }`, e.g. `staffPageQuery`; a list
 * that shows the endpoint's answer otherwise (a tree) shapes it with `select`.
 */
export type ListQuery<Row, Params, TKey extends QueryKey, Answer> = (params: Params) => UseQueryOptions<Answer, Error, Page<Row>, TKey>;

/** One tab of a list with tabs: another endpoint listing rows of the same shape (luminaires | gateways). */
export interface ListTab<Row, Params, TKey extends QueryKey, Answer> {
  key: string;
  label: ReactNode;
  query: ListQuery<Row, Params, TKey, Answer>;
  /** The tab's own Excel export, as `actions.export` is a list's. */
  export?: ListActions<Row>['export'];
}

/** Where the rows come from: one query, or tabs of their own (never both). */
type ListSource<Row, Params, TKey extends QueryKey, Answer> =
  | { query: ListQuery<Row, Params, TKey, Answer>; tabs?: undefined }
  | {
      /**
       * Tabs above the search form sharing its filters, columns and actions; the one open is kept
       * in the address, and switching starts again at page 1 with the same search.
       */
      tabs: readonly [ListTab<Row, Params, TKey, Answer>, ...ListTab<Row, Params, TKey, Answer>[]];
      query?: undefined;
    };

export type ListPageProps<Row extends object, Params extends PageQuery, TKey extends QueryKey, Answer = Page<Row>> = ListSource<Row, Params, TKey, Answer> & {
  /**
   * The resource the list shows (its query is keyed under it): a save or delete made through
   * the list refreshes every query of it and of the resources showing it, on any screen.
   */
  cache: ResourceCache<Extract<TKey[0], string>, Extract<TKey[1], string>>;
  columns: ColumnsType<Row>;
  rowKey?: (keyof Row & string) | ((row: Row) => Key);
  filters?: readonly FilterConfig[];
  actions?: ListActions<Row>;
  /** Further toolbar buttons, after create and export. */
  toolbar?: ReactNode;
  /**
   * Further row actions (details, kick out…), before edit and delete. The screen decides
   * who sees them: pass `undefined` when the user may use none, and the column goes away.
   */
  rowActions?: (row: Row, list: ListHandle<Row>) => ReactNode;
  /** Filters set outside the search form (e.g. a department tree beside the list); also sent with the export. */
  params?: FilterParams;
  /**
   * Rows carry `children`: every row is loaded at once, without paging, with "expand all" and
   * "collapse all" above. `expanded` opens the whole tree (a few departments); `collapsed` shows
   * its top level (the long menu tree). A search opens every row it answers: they are the matches.
   */
  tree?: 'expanded' | 'collapsed';
  /** Permission check; defaults to the signed-in user's permissions (tests pass their own). */
  can?: (permission: string) => boolean;
  /**
   * Filters, page, size and order are kept in the screen's address (`use-list-url-state`);
   * `false` for a list that is not its screen's main one (inside a drawer).
   */
  inUrl?: boolean;
  /** Drawn between the toolbar and the table from the rows on show (a chart of the page). */
  header?: (rows: readonly Row[]) => ReactNode;
  /**
   * How the query names the order a sortable column asks for, where not as `sortBy` and
   * `sortOrder` (the store ranking's `order=change`); the export is asked in the same order.
   */
  sortParams?: (sort: ListSort) => FilterParams;
};

const defaultSortParams = (sort: ListSort): FilterParams => ({ sortBy: sort.by, sortOrder: sort.order });

type Dialog<Row> = { open: false } | { open: true; row?: Row; defaults?: Partial<Row> };

type TreeRow<Row> = Row & { children?: TreeRow<Row>[] };
/** Which rows of a tree are open: all or none, but for those someone opened or closed since. */
interface Folding {
  /** The search the folding was set for: a new search sets it again. */
  search: string;
  all: boolean;
  toggled: ReadonlySet<Key>;
}
/** The keys of every row that has children: the rows of a tree that open. */
function parentKeys<Row extends object>(rows: readonly TreeRow<Row>[], keyOf: (row: Row) => Key): Key[] {
  return rows.flatMap((row) => (row.children?.length ? [keyOf(row), ...parentKeys(row.children, keyOf)] : []));
}

/**
 * The scaffold of every list screen (STYLE: "a web screen is mostly configuration"):
 * search form, toolbar, table with row actions, pagination and Excel export.
 */
export function ListPage<Row extends object, Params extends PageQuery, TKey extends QueryKey, Answer = Page<Row>>({
  query: oneQuery,
  tabs,
  cache,
  columns,
  // Every entity of the contract has an `id`; screens whose rows don't pass rowKey.
  rowKey = 'id' as keyof Row & string,
  filters = [],
  actions = {},
  toolbar,
  rowActions,
  params: fixedParams,
  tree,
  can: canOverride,
  inUrl = true,
  header,
  sortParams = defaultSortParams,
}: ListPageProps<Row, Params, TKey, Answer>) {
  const { hasPermi } = usePermission();
  const can = canOverride ?? hasPermi;
  const refresh = useRefreshResource();
  const { t } = useTranslation('components');
  const [confirmDelete, confirmHolder] = useConfirmDelete();
  const {
    state: { filters: search, page, limit, sort, tab },
    update,
  } = useListUrlState({ filters, sortKeys: sortKeysOf(columns), tabs: tabs?.map((item) => item.key) }, inUrl);
  const openTab = tabs?.find((item) => item.key === tab) ?? tabs?.[0];
  const [dialog, setDialog] = useState<Dialog<Row>>({ open: false });
  const table = useRef<TableRef>(null);
  const phone = useWindowWidth() < PHONE_BREAKPOINT;

  const searchKey = JSON.stringify(search);
  const searched = Object.values(search).some((value) => value !== '');
  const foldingFor = (all: boolean): Folding => ({ search: searchKey, all, toggled: new Set() });
  const [folding, setFolding] = useState(() => foldingFor(tree === 'expanded' || searched));
  if (tree && folding.search !== searchKey) setFolding(foldingFor(tree === 'expanded' || searched));

  // Filters set from outside start the list again at page 1, as a search does.
  const fixedKey = JSON.stringify(fixedParams ?? {});
  const [seenFixed, setSeenFixed] = useState(fixedKey);
  if (seenFixed !== fixedKey) {
    setSeenFixed(fixedKey);
    update({ page: 1 }, 'replace');
  }
  const allFilters = useMemo(() => ({ ...search, ...fixedParams }), [search, fixedParams]);

  // The filter configuration names the query's fields and the server validates them
  // against the contract, so the assembled parameters are the screen's query type.
  const order = useMemo((): FilterParams => (sort ? sortParams(sort) : {}), [sort, sortParams]);
  const params = { ...allFilters, ...order, page, limit } as unknown as Params;
  // ListSource gives a list either its tabs or its one query.
  const query = openTab?.query ?? oneQuery!;
  const { data, isFetching, isPlaceholderData, refetch } = useQuery({ ...query(params), placeholderData: keepPreviousData });
  const total = data?.total ?? 0;
  const keyOf = useMemo(() => (typeof rowKey === 'function' ? rowKey : (row: Row) => row[rowKey] as Key), [rowKey]);
  const expandedKeys = useMemo(
    () => (tree ? parentKeys<Row>(data?.list ?? [], keyOf).filter((k) => folding.all !== folding.toggled.has(k)) : []),
    [tree, data, keyOf, folding],
  );

  const { create, edit, remove } = actions;
  const exportExcel = openTab ? openTab.export : actions.export;
  const canCreate = create && can(create.permission);
  const canEdit = edit && can(edit.permission);
  const canRemove = remove && can(remove.permission);
  const canExport = exportExcel && can(exportExcel.endpoint.access.permission);

  const handle = useMemo<ListHandle<Row>>(() => ({ reload: () => void refetch(), create: (defaults) => setDialog({ open: true, defaults }) }), [refetch]);

  const removeRow = useCallback(
    async (row: Row) => {
      if (!remove) return;
      const deleted = await confirmDelete({ content: remove.describe?.(row), onConfirm: () => remove.run(row) });
      if (!deleted) return;
      notify.success(t('list.deleted'));
      void refresh(cache);
    },
    [remove, confirmDelete, t, refresh, cache],
  );

  // A page past the last one (the last row of the last page deleted, a link from when there
  // were more rows) shows the last page instead of an empty one.
  const lastPage = data && !isPlaceholderData && data.list.length === 0 && data.total > 0 && !tree ? Math.ceil(data.total / limit) : undefined;
  useEffect(() => {
    if (lastPage !== undefined && lastPage !== page) update({ page: lastPage }, 'replace');
  }, [lastPage, page, update]);

  const tableColumns = useMemo<ColumnsType<Row>>(() => {
    const shown = withSortShown(columns, sort);
    if (!canEdit && !canRemove && !rowActions) return shown;
    const actionsOf = (row: Row) => (
      <>
        {rowActions?.(row, handle)}
        {canEdit && (edit?.when?.(row) ?? true) && (
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setDialog({ open: true, row })} data-testid="row-edit">
            {t('list.edit')}
          </Button>
        )}
        {canRemove && remove && (remove.when?.(row) ?? true) && (
          <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid="row-delete" onClick={() => void removeRow(row)}>
            {t('list.delete')}
          </Button>
        )}
      </>
    );
    // Pinned on the right so a row's actions are at hand however far the table scrolls; on a
    // phone the buttons would take most of the screen, so they fold behind one "…" there.
    const actionColumn: ColumnType<Row> = {
      key: 'actions',
      title: t('list.actions'),
      fixed: 'right',
      render: (_value: unknown, row: Row) => (phone ? <RowActionsMenu>{actionsOf(row)}</RowActionsMenu> : <Space size={0}>{actionsOf(row)}</Space>),
    };
    return [...shown, actionColumn];
  }, [columns, sort, canEdit, canRemove, edit, remove, rowActions, handle, removeRow, t, phone]);

  // Create and edit may share one form component; the open dialog picks which.
  const DialogForm = dialog.open ? (dialog.row ? edit?.form : create?.form) : undefined;

  return (
    <div className="ld-list-page" data-testid="list-page">
      {confirmHolder}
      {tabs && (
        <Tabs
          activeKey={openTab?.key}
          items={tabs.map(({ key, label }) => ({ key, label }))}
          onChange={(key) => update({ tab: key, page: 1 })}
          data-testid="list-tabs"
        />
      )}
      {filters.length > 0 && <SearchForm filters={filters} values={search} onSearch={(next) => update({ filters: next, page: 1 })} />}
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, marginBottom: 12 }} data-testid="list-toolbar">
        {canCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true })} data-testid="list-create">
            {t('list.create')}
          </Button>
        )}
        {canExport && exportExcel && (
          <ExportButton
            endpoint={exportExcel.endpoint}
            params={{ ...allFilters, ...order }}
            fileName={exportExcel.fileName}
            download={exportExcel.download ?? downloadExport}
          />
        )}
        {toolbar}
        {tree && (
          <>
            <Button icon={<NodeExpandOutlined />} onClick={() => setFolding(foldingFor(true))} data-testid="tree-expand-all">
              {t('list.expandAll')}
            </Button>
            <Button icon={<NodeCollapseOutlined />} onClick={() => setFolding(foldingFor(false))} data-testid="tree-collapse-all">
              {t('list.collapseAll')}
            </Button>
          </>
        )}
        <Tooltip title={t('list.refresh')}>
          <Button icon={<ReloadOutlined />} aria-label={t('list.refresh')} onClick={() => void refetch()} style={{ marginLeft: 'auto' }} />
        </Tooltip>
      </div>
      {header?.(data?.list ?? [])}
      <Table<Row>
        ref={table}
        {...tableScrollerProps}
        rowKey={rowKey}
        columns={tableColumns}
        dataSource={data?.list ?? []}
        loading={isFetching}
        pagination={false}
        onChange={(_paging, _filters, sorter, { action }) => {
          if (action === 'sort') update({ sort: sortAsked(sorter), page: 1 });
        }}
        scroll={{ x: 'max-content' }}
        size="middle"
        expandable={
          tree
            ? {
                expandedRowKeys: expandedKeys,
                onExpand: (_expanded, row) =>
                  setFolding((before) => {
                    const toggled = new Set(before.toggled);
                    if (!toggled.delete(keyOf(row))) toggled.add(keyOf(row));
                    return { ...before, toggled };
                  }),
              }
            : undefined
        }
      />
      <TableScrollbar table={table} watch={data} />
      {!tree && <Pagination page={page} limit={limit} total={total} onChange={(nextPage, nextLimit) => update({ page: nextPage, limit: nextLimit })} />}
      {DialogForm && (
        <DialogForm
          row={dialog.open ? dialog.row : undefined}
          defaults={dialog.open ? dialog.defaults : undefined}
          onClose={(saved) => {
            setDialog({ open: false });
            if (saved) void refresh(cache);
          }}
        />
      )}
    </div>
  );
}
