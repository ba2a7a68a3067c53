import { endpoint, type DictData, type Page, type PageQuery } from '@lightdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { resourceCache } from '../lib/resource-cache';
import { useSession } from '../lib/session';
import { useDictStore } from './dict-store';
import type { DownloadFn } from './export-button';
import { col, dateCol, dictCol, textCol } from './list-columns';
import { dateRangeFilter, dictFilter, filterParams, selectFilter, textFilter } from './list-filters';
import { ListPage, type ListForm } from './list-page';
import { ScreenPathContext } from '../lib/navigation';
import { renderWithProviders, setWindowWidth } from './test-utils';

interface Store {
  id: number;
  meshName: string;
  status: string;
  createdAt: string;
}
type StoreQuery = PageQuery & { meshName?: string; status?: string; sortBy?: string; sortOrder?: 'asc' | 'desc' };

const STORES: Store[] = Array.from({ length: 45 }, (_, i) => ({
  id: i + 1,
  meshName: `Store ${i + 1}`,
  status: i % 2 ? '1' : '0',
  createdAt: '2025-03-04T05:06:07.000Z',
}));

/** A fake server: pages, filters and sorts (by name) the stores, recording every request. */
const fetchStores = vi.fn(async (q: StoreQuery): Promise<Page<Store>> => {
  const rows = STORES.filter((s) => (!q.meshName || s.meshName.includes(q.meshName)) && (!q.status || s.status === q.status));
  if (q.sortBy === 'meshName') rows.sort((a, b) => a.meshName.localeCompare(b.meshName) * (q.sortOrder === 'desc' ? -1 : 1));
  return { list: rows.slice((q.page - 1) * q.limit, q.page * q.limit), total: rows.length };
});
const storeCache = resourceCache('store', 'mesh');
const storePageQuery = (q: StoreQuery) => queryOptions({ queryKey: storeCache.key('page', q), queryFn: () => fetchStores(q) });
const lastQuery = () => fetchStores.mock.lastCall?.[0];
const storeExport = endpoint.get('/api/store/mesh/export-excel', { permission: 'store:mesh:export', summary: 'Export stores to Excel' });

const dict = (value: string, label: string, colorType: string): DictData => ({
  dictType: 'common_status',
  value,
  label,
  colorType,
  cssClass: '',
  sort: Number(value),
});

const columns = [col<Store>('meshName', 'Store name'), dictCol<Store>('status', 'Status', 'common_status'), dateCol<Store>('createdAt', 'Created')];
const filters = [textFilter('meshName', 'Store name'), dictFilter('status', 'Status', 'common_status')];

beforeEach(() => {
  fetchStores.mockClear();
  act(() => useDictStore.getState().setAll([dict('0', 'Enabled', 'success'), dict('1', 'Disabled', 'danger')]));
  // Without a `can` prop the list asks the signed-in user's permissions: this one holds all.
  act(() => useSession.getState().setIdentity({ user: { id: 1, avatar: '', userName: 'admin', nickname: 'Admin' }, roles: ['admin'], permissions: ['*:*:*'] }));
});
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]!.textContent);

test('without a can prop, actions follow the signed-in user: none are shown to a user lacking them', async () => {
  act(() =>
    useSession
      .getState()
      .setIdentity({ user: { id: 2, avatar: '', userName: 'viewer', nickname: 'Viewer' }, roles: ['viewer'], permissions: ['store:mesh:query'] }),
  );
  renderWithProviders(
    <ListPage
      query={storePageQuery}
      cache={storeCache}
      columns={columns}
      actions={{ create: { permission: 'store:mesh:create', form: () => null }, remove: { permission: 'store:mesh:delete', run: vi.fn() } }}
    />,
  );
  await screen.findAllByRole('row');
  expect(screen.queryByTestId('list-create')).toBeNull();
  expect(screen.queryByTestId('row-delete')).toBeNull();
});

describe('ListPage', () => {
  test('shows the first page of rows from the query, with dictionary tags and dates', async () => {
    renderWithProviders(<ListPage query={storePageQuery} cache={storeCache} columns={columns} />);
    await waitFor(() => expect(rowNames()).toHaveLength(20));
    expect(lastQuery()).toEqual({ page: 1, limit: 20 });
    expect(rowNames()[0]).toBe('Store 1');
    const first = screen.getAllByRole('row')[1]!;
    expect(within(first).getByText('Enabled')).toHaveClass('ant-tag-success');
    expect(first.querySelector('time')).toHaveAttribute('dateTime', '2025-03-04T05:06:07.000Z');
    expect(screen.getByTestId('pagination-total')).toHaveTextContent('Total 45');
  });

  test('passes the search filters to the query and starts again at page 1', async () => {
    renderWithProviders(<ListPage query={storePageQuery} cache={storeCache} columns={columns} filters={filters} />);
    await waitFor(() => expect(rowNames()).toHaveLength(20));
    await userEvent.click(screen.getByTestId('pagination-next'));
    await waitFor(() => expect(lastQuery()).toEqual({ page: 2, limit: 20 }));

    const search = screen.getByTestId('list-search');
    await userEvent.type(within(search).getByRole('textbox'), '  Store 1  ');
    fireEvent.mouseDown(within(search).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Disabled'));
    await userEvent.click(within(search).getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(lastQuery()).toEqual({ meshName: 'Store 1', status: '1', page: 1, limit: 20 }));
    await waitFor(() => expect(rowNames()).toEqual(['Store 10', 'Store 12', 'Store 14', 'Store 16', 'Store 18']));

    await userEvent.click(within(search).getByRole('button', { name: /Reset/ }));
    await waitFor(() => expect(lastQuery()).toEqual({ page: 1, limit: 20 }));
  });

  test('turns a day range into timestamps from the first day’s start to the last day’s end', () => {
    const day = (iso: string) => ({
      startOf: () => day(`${iso}T00:00:00.000Z`),
      endOf: () => day(`${iso}T23:59:59.999Z`),
      toISOString: () => iso,
    });
    const params = filterParams([dateRangeFilter('createTime', 'Created'), textFilter('name', 'Name')], {
      createTime: [day('2025-01-01'), day('2025-01-31')],
      name: '   ',
    });
    expect(params).toEqual({ createTimeFrom: '2025-01-01T00:00:00.000Z', createTimeTo: '2025-01-31T23:59:59.999Z' });
  });

  test('a label points at its own list’s field while another list with the same filters stays mounted', async () => {
    renderWithProviders(
      <>
        <div data-testid="hidden-list">
          <ListPage query={storePageQuery} cache={storeCache} columns={columns} filters={filters} />
        </div>
        <div data-testid="shown-list">
          <ListPage query={storePageQuery} cache={storeCache} columns={columns} filters={filters} />
        </div>
      </>,
    );
    const field = within(screen.getByTestId('shown-list')).getByLabelText('Store name');
    expect(within(screen.getByTestId('shown-list')).getByRole('textbox')).toBe(field);
    expect(within(screen.getByTestId('hidden-list')).getByLabelText('Store name')).not.toBe(field);
  });

  test('a select of fixed choices filters like any other field, with the usual placeholder', async () => {
    const byStatus = [
      selectFilter('status', 'State', [
        { value: '0', label: 'Even' },
        { value: '1', label: 'Odd' },
      ]),
    ];
    renderWithProviders(<ListPage query={storePageQuery} cache={storeCache} columns={columns} filters={byStatus} />);
    await waitFor(() => expect(rowNames()).toHaveLength(20));
    const search = screen.getByTestId('list-search');
    expect(search).toHaveTextContent('Please select');
    fireEvent.mouseDown(within(search).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Odd'));
    await userEvent.click(within(search).getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(lastQuery()).toEqual({ status: '1', page: 1, limit: 20 }));
  });

  test('hides create, export and row actions the user may not use', async () => {
    const can = (permission: string) => permission === 'store:mesh:update';
    renderWithProviders(
      <ListPage
        query={storePageQuery}
        cache={storeCache}
        columns={columns}
        can={can}
        actions={{
          create: { permission: 'store:mesh:create', form: () => null },
          edit: { permission: 'store:mesh:update', form: () => null },
          remove: { permission: 'store:mesh:delete', run: vi.fn() },
          export: { endpoint: storeExport, fileName: 'stores', download: vi.fn() },
        }}
      />,
    );
    await waitFor(() => expect(rowNames()).toHaveLength(20));
    expect(screen.queryByTestId('list-create')).toBeNull();
    expect(screen.queryByTestId('list-export')).toBeNull();
    expect(screen.queryAllByTestId('row-delete')).toHaveLength(0);
    expect(screen.getAllByTestId('row-edit')).toHaveLength(20);
  });

  test('without a permission for any row action there is no action column', async () => {
    renderWithProviders(
      <ListPage
        query={storePageQuery}
        cache={storeCache}
        columns={columns}
        can={() => false}
        actions={{ remove: { permission: 'store:mesh:delete', run: vi.fn() } }}
      />,
    );
    await waitFor(() => expect(rowNames()).toHaveLength(20));
    expect(screen.queryByText('Actions')).toBeNull();
  });

  test('deletes a row after confirmation and reloads the list', async () => {
    const run = vi.fn(async (_row: Store) => undefined);
    renderWithProviders(
      <ListPage
        query={storePageQuery}
        cache={storeCache}
        columns={columns}
        actions={{ remove: { permission: 'store:mesh:delete', run, describe: (s) => s.meshName } }}
      />,
    );
    await waitFor(() => expect(rowNames()).toHaveLength(20));
    const calls = fetchStores.mock.calls.length;
    await userEvent.click(screen.getAllByTestId('row-delete')[2]!);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Do you confirm deletion?');
    expect(dialog).toHaveTextContent('Store 3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(run).toHaveBeenCalledWith(STORES[2]));
    // The toast's code loads on its first use.
    expect(await screen.findByText('Deleted successfully', undefined, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(fetchStores.mock.calls.length).toBeGreaterThan(calls));
  });

  test('opens the form empty to create and with the row to edit, reloading after a save', async () => {
    const seen: Array<Store | undefined> = [];
    const StoreForm: ListForm<Store> = ({ row, onClose }) => {
      seen.push(row);
      return (
        <button type="button" onClick={() => onClose(true)}>
          save {row?.meshName ?? 'new'}
        </button>
      );
    };
    renderWithProviders(
      <ListPage
        query={storePageQuery}
        cache={storeCache}
        columns={columns}
        actions={{ create: { permission: 'c', form: StoreForm }, edit: { permission: 'u', form: StoreForm } }}
      />,
    );
    await waitFor(() => expect(rowNames()).toHaveLength(20));

    await userEvent.click(screen.getByTestId('list-create'));
    await userEvent.click(screen.getByRole('button', { name: 'save new' }));
    expect(screen.queryByRole('button', { name: 'save new' })).toBeNull();

    const calls = fetchStores.mock.calls.length;
    await userEvent.click(screen.getAllByTestId('row-edit')[1]!);
    await userEvent.click(screen.getByRole('button', { name: 'save Store 2' }));
    expect(seen.at(-1)).toEqual(STORES[1]);
    await waitFor(() => expect(fetchStores.mock.calls.length).toBeGreaterThan(calls));
  });

  describe('Excel export', () => {
    let saved: { name: string; blob: Blob } | undefined;
    beforeEach(() => {
      saved = undefined;
      const blobs = new Map<string, Blob>();
      vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
        const url = `blob:test/${blobs.size}`;
        blobs.set(url, blob as Blob);
        return url;
      });
      vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved = { name: this.download, blob: blobs.get(this.href)! };
      });
    });
    afterEach(() => vi.restoreAllMocks());

    test('downloads with the current filters, shows progress and saves an .xlsx file', async () => {
      let progress!: (loaded: number, total?: number) => void;
      let finish!: (blob: Blob) => void;
      const download = vi.fn<DownloadFn>((_endpoint, _params, onProgress) => {
        progress = onProgress;
        return new Promise<Blob>((resolve) => (finish = resolve));
      });
      renderWithProviders(
        <ListPage
          query={storePageQuery}
          cache={storeCache}
          columns={columns}
          filters={filters}
          actions={{ export: { endpoint: storeExport, fileName: 'stores', download } }}
        />,
      );
      await waitFor(() => expect(rowNames()).toHaveLength(20));
      await userEvent.type(within(screen.getByTestId('list-search')).getByRole('textbox'), 'Store 4');
      await userEvent.click(within(screen.getByTestId('list-search')).getByRole('button', { name: /Search/ }));
      await waitFor(() => expect(lastQuery()).toMatchObject({ meshName: 'Store 4' }));

      await userEvent.click(screen.getByTestId('list-export'));
      // The same filters as the list, without its paging.
      expect(download).toHaveBeenCalledWith(storeExport, { meshName: 'Store 4' }, expect.any(Function));
      expect(screen.getByTestId('list-export-progress')).toBeInTheDocument();

      act(() => progress(2048));
      expect(screen.getByTestId('list-export-progress')).toHaveTextContent('2 KB received');
      act(() => progress(512, 1024));
      await waitFor(() => expect(within(screen.getByTestId('list-export-progress')).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50'));

      const blob = new Blob(['xlsx bytes']);
      await act(async () => finish(blob));
      expect(saved).toEqual({ name: 'stores.xlsx', blob });
      expect(screen.queryByTestId('list-export-progress')).toBeNull();
    });

    test('a failed download saves nothing and ends the progress', async () => {
      const download = vi.fn<DownloadFn>(() => Promise.reject(new Error('timeout')));
      renderWithProviders(
        <ListPage query={storePageQuery} cache={storeCache} columns={columns} actions={{ export: { endpoint: storeExport, fileName: 'x.xlsx', download } }} />,
      );
      await userEvent.click(screen.getByTestId('list-export'));
      await waitFor(() => expect(screen.queryByTestId('list-export-progress')).toBeNull());
      expect(saved).toBeUndefined();
    });
  });
});

describe('ListPage order and address', () => {
  const sortable = [col<Store>('meshName', 'Store name', { sortable: true }), dictCol<Store>('status', 'Status', 'common_status')];
  const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });
  const upArrow = (name: string) => header(name).querySelector('.ant-table-column-sorter-up');

  test('a sortable header sorts on the server: ascending, descending, then the default order again', async () => {
    renderWithProviders(<ListPage query={storePageQuery} cache={storeCache} columns={sortable} />);
    await waitFor(() => expect(rowNames()).toHaveLength(20));
    // Only the columns the server sorts by offer it.
    expect(header('Status').querySelector('.ant-table-column-sorter')).toBeNull();
    expect(header('Store name')).not.toHaveAttribute('aria-sort');

    await userEvent.click(header('Store name'));
    await waitFor(() => expect(lastQuery()).toEqual({ sortBy: 'meshName', sortOrder: 'asc', page: 1, limit: 20 }));
    await waitFor(() => expect(rowNames().slice(0, 3)).toEqual(['Store 1', 'Store 10', 'Store 11']));
    expect(header('Store name')).toHaveAttribute('aria-sort', 'ascending');
    expect(upArrow('Store name')).toHaveClass('active');

    await userEvent.click(header('Store name'));
    await waitFor(() => expect(lastQuery()).toEqual({ sortBy: 'meshName', sortOrder: 'desc', page: 1, limit: 20 }));
    await waitFor(() => expect(rowNames()[0]).toBe('Store 9'));
    expect(header('Store name')).toHaveAttribute('aria-sort', 'descending');

    await userEvent.click(header('Store name'));
    await waitFor(() => expect(lastQuery()).toEqual({ page: 1, limit: 20 }));
    expect(header('Store name')).not.toHaveAttribute('aria-sort');
  });

  test('sorting starts again at page 1, and the export comes in the order shown', async () => {
    const download = vi.fn<DownloadFn>(() => new Promise<Blob>(() => undefined));
    renderWithProviders(
      <ListPage query={storePageQuery} cache={storeCache} columns={sortable} actions={{ export: { endpoint: storeExport, fileName: 'x', download } }} />,
      { route: '/?page=2' },
    );
    await waitFor(() => expect(lastQuery()).toEqual({ page: 2, limit: 20 }));
    await userEvent.click(header('Store name'));
    await waitFor(() => expect(lastQuery()).toEqual({ sortBy: 'meshName', sortOrder: 'asc', page: 1, limit: 20 }));
    await userEvent.click(screen.getByTestId('list-export'));
    expect(download).toHaveBeenCalledWith(storeExport, { sortBy: 'meshName', sortOrder: 'asc' }, expect.any(Function));
  });

  test('a query that names its order otherwise is asked, and exported, in its own words', async () => {
    const download = vi.fn<DownloadFn>(() => new Promise<Blob>(() => undefined));
    const byName = (sort: { by: string; order: string }) => ({ order: `${sort.by}-${sort.order}` });
    renderWithProviders(
      <ListPage
        query={storePageQuery}
        cache={storeCache}
        columns={sortable}
        sortParams={byName}
        actions={{ export: { endpoint: storeExport, fileName: 'x', download } }}
      />,
    );
    await waitFor(() => expect(lastQuery()).toEqual({ page: 1, limit: 20 }));
    await userEvent.click(header('Store name'));
    await waitFor(() => expect(lastQuery()).toEqual({ order: 'meshName-asc', page: 1, limit: 20 }));
    await userEvent.click(screen.getByTestId('list-export'));
    expect(download).toHaveBeenCalledWith(storeExport, { order: 'meshName-asc' }, expect.any(Function));
  });

  test('a list opened at an address with filters, page, size and order sends them in its first request and shows them', async () => {
    renderWithProviders(<ListPage query={storePageQuery} cache={storeCache} columns={sortable} filters={filters} />, {
      route: '/?meshName=Store&status=1&sortBy=meshName&sortOrder=desc&page=2&limit=5',
    });
    await waitFor(() => expect(fetchStores).toHaveBeenCalled());
    expect(fetchStores.mock.calls).toHaveLength(1);
    expect(fetchStores.mock.calls[0]![0]).toEqual({ meshName: 'Store', status: '1', sortBy: 'meshName', sortOrder: 'desc', page: 2, limit: 5 });
    await waitFor(() => expect(rowNames()).toEqual(['Store 4', 'Store 38', 'Store 36', 'Store 34', 'Store 32']));
    const search = screen.getByTestId('list-search');
    expect(within(search).getByRole('textbox')).toHaveValue('Store');
    expect(within(search).getByTitle('Disabled')).toBeInTheDocument();
    expect(header('Store name')).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByTestId('pagination-pager').querySelector('[aria-current=page]')).toHaveTextContent('2');
    expect(within(screen.getByTestId('pagination-sizes')).getByText('5 / page')).toBeInTheDocument();
  });

  test('paging and searching write the address; back shows the list as it was, search fields included', async () => {
    // The router commits a new address in a transition: a person presses back on the screen they see.
    function RenderedAddress() {
      return (
        <span hidden data-testid="rendered-address">
          {useLocation().search}
        </span>
      );
    }
    const { router } = renderWithProviders(
      <>
        <ListPage query={storePageQuery} cache={storeCache} columns={sortable} filters={filters} />
        <RenderedAddress />
      </>,
    );
    await waitFor(() => expect(rowNames()).toHaveLength(20));
    expect(router.state.location.search).toBe('');

    await userEvent.click(screen.getByTestId('pagination-next'));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    const search = screen.getByTestId('list-search');
    await userEvent.type(within(search).getByRole('textbox'), 'Store 4');
    await userEvent.click(within(search).getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?meshName=Store+4'));
    await waitFor(() => expect(lastQuery()).toEqual({ meshName: 'Store 4', page: 1, limit: 20 }));
    await waitFor(() => expect(screen.getByTestId('rendered-address')).toHaveTextContent('?meshName=Store+4'));

    await act(() => router.navigate(-1));
    await waitFor(() => expect(lastQuery()).toEqual({ page: 2, limit: 20 }));
    expect(within(search).getByRole('textbox')).toHaveValue('');
    await act(() => router.navigate(1));
    await waitFor(() => expect(within(search).getByRole('textbox')).toHaveValue('Store 4'));
  });

  test('an address that does not fit the list falls back to the defaults and is cleaned, other parameters kept', async () => {
    const { router } = renderWithProviders(<ListPage query={storePageQuery} cache={storeCache} columns={sortable} filters={filters} />, {
      route: '/?page=abc&limit=7&sortBy=password&sortOrder=asc&status=9&brand=lumen',
    });
    await waitFor(() => expect(rowNames()).toHaveLength(20));
    expect(fetchStores.mock.calls.map(([q]) => q)).toEqual([{ page: 1, limit: 20 }]);
    await waitFor(() => expect(router.state.location.search).toBe('?brand=lumen'));
  });

  test('a page past the last one shows the last page', async () => {
    const { router } = renderWithProviders(<ListPage query={storePageQuery} cache={storeCache} columns={sortable} />, { route: '/?page=9' });
    await waitFor(() => expect(lastQuery()).toEqual({ page: 3, limit: 20 }));
    await waitFor(() => expect(rowNames()).toHaveLength(5));
    expect(router.state.location.search).toBe('?page=3');
  });

  test('kept alive behind another screen, a list leaves that address alone; opened again by its bare path, it puts its state back', async () => {
    const { router } = renderWithProviders(
      <ScreenPathContext value="/stores">
        <ListPage query={storePageQuery} cache={storeCache} columns={sortable} />
      </ScreenPathContext>,
      { route: '/stores?page=2' },
    );
    await waitFor(() => expect(lastQuery()).toEqual({ page: 2, limit: 20 }));
    // Another screen's address, with parameters of the same names.
    await act(() => router.navigate('/devices?page=5&sortBy=meshName&sortOrder=asc'));
    // A tag or menu entry opens the bare path.
    await act(() => router.navigate('/stores'));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(fetchStores.mock.calls.map(([q]) => q)).toEqual([{ page: 2, limit: 20 }]);
    expect(screen.getByTestId('pagination-pager').querySelector('[aria-current=page]')).toHaveTextContent('2');
  });
  test('tabs list from their own endpoint with the same search, start again at page 1, export their own rows and stay open after a reload', async () => {
    const fetchOthers = vi.fn(async (_q: StoreQuery): Promise<Page<Store>> => ({ list: STORES.slice(0, 3), total: 3 }));
    // The tabs' queries are keyed alike, by an endpoint's path under the resource.
    const tabQuery = (path: string, fetch: typeof fetchStores) => (q: StoreQuery) =>
      queryOptions({ queryKey: storeCache.key(path, q), queryFn: () => fetch(q) });
    const otherExport = endpoint.get('/api/store/other/export-excel', { permission: 'store:mesh:export', summary: 'Export others to Excel' });
    const download = vi.fn<DownloadFn>(() => Promise.resolve(new Blob([])));
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const tabbed = (
      <ListPage
        tabs={[
          { key: 'stores', label: 'Stores', query: tabQuery('/stores', fetchStores), export: { endpoint: storeExport, fileName: 'stores', download } },
          { key: 'others', label: 'Others', query: tabQuery('/others', fetchOthers), export: { endpoint: otherExport, fileName: 'others', download } },
        ]}
        cache={storeCache}
        columns={sortable}
        filters={filters}
      />
    );
    const { router } = renderWithProviders(tabbed, { route: '/?meshName=Store&page=2' });
    await waitFor(() => expect(lastQuery()).toEqual({ meshName: 'Store', page: 2, limit: 20 }));

    await userEvent.click(screen.getByRole('tab', { name: 'Others' }));
    await waitFor(() => expect(fetchOthers).toHaveBeenLastCalledWith({ meshName: 'Store', page: 1, limit: 20 }));
    await waitFor(() => expect(router.state.location.search).toBe('?meshName=Store&tab=others'));
    expect(screen.getByRole('tab', { name: 'Others' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByTestId('list-export'));
    expect(download).toHaveBeenCalledWith(otherExport, { meshName: 'Store' }, expect.any(Function));
    vi.restoreAllMocks();

    // A reload opens the same address: the tab is still open.
    cleanup();
    fetchOthers.mockClear();
    renderWithProviders(tabbed, { route: '/?tab=others&meshName=Store' });
    await waitFor(() => expect(fetchOthers).toHaveBeenCalledWith({ meshName: 'Store', page: 1, limit: 20 }));
    expect(screen.getByRole('tab', { name: 'Others' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('long text, trees and phones', () => {
  interface Area {
    id: number;
    name: string;
    remark: string;
    children?: Area[];
  }
  const area = (id: number, name: string, children?: Area[]): Area => ({
    id,
    name,
    remark: `${name}: ${Array(4).fill('a remark long enough to be cut').join(', ')}`,
    children,
  });
  const AREAS = [area(1, 'Lighting', [area(2, 'Aisle', [area(3, 'Aisle lamp')])]), area(4, 'Entrance', [area(5, 'Door')]), area(6, 'Storage')];
  const areaCache = resourceCache('system', 'menu');
  /** The tree as a server folds its flat list: with a name searched, the matches, a match under a matching parent nested. */
  const fetchAreas = vi.fn(async (q: PageQuery & { name?: string }): Promise<Page<Area>> => {
    const pick = (rows: Area[]): Area[] =>
      rows.flatMap((row) => {
        const children = pick(row.children ?? []);
        if (!q.name || row.name.includes(q.name)) return [{ ...row, children: children.length ? children : undefined }];
        return children;
      });
    const list = pick(AREAS);
    return { list, total: list.length };
  });
  const areaQuery = (q: PageQuery & { name?: string }) => queryOptions({ queryKey: areaCache.key('list', q), queryFn: () => fetchAreas(q) });
  const areaColumns = [col<Area>('name', 'Name'), textCol<Area>('remark', 'Remark')];
  const shownNames = () =>
    screen
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[0]!.textContent);
  const byName = [textFilter('name', 'Name')];

  afterEach(() => setWindowWidth(1024));

  test('a long text is cut in its cell and shown whole on hover', async () => {
    renderWithProviders(<ListPage query={areaQuery} cache={areaCache} columns={areaColumns} tree="expanded" />);
    const [cut] = await screen.findAllByTestId('long-text');
    expect(cut).toHaveStyle({ whiteSpace: 'nowrap', textOverflow: 'ellipsis', maxWidth: '240px' });
    await userEvent.hover(cut!);
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent(AREAS[0]!.remark));
  });

  test('a collapsed tree shows its top level; rows open on a click, all at once, and close again', async () => {
    renderWithProviders(<ListPage query={areaQuery} cache={areaCache} columns={areaColumns} tree="collapsed" />);
    await waitFor(() => expect(shownNames()).toEqual(['Lighting', 'Entrance', 'Storage']));
    await userEvent.click(within(screen.getAllByRole('row')[1]!).getByRole('button', { name: /expand/i }));
    await waitFor(() => expect(shownNames()).toEqual(['Lighting', 'Aisle', 'Entrance', 'Storage']));
    await userEvent.click(screen.getByTestId('tree-expand-all'));
    await waitFor(() => expect(shownNames()).toEqual(['Lighting', 'Aisle', 'Aisle lamp', 'Entrance', 'Door', 'Storage']));
    await userEvent.click(screen.getByTestId('tree-collapse-all'));
    await waitFor(() => expect(shownNames()).toEqual(['Lighting', 'Entrance', 'Storage']));
  });

  test('a search opens every row it answers: they are the matches', async () => {
    renderWithProviders(<ListPage query={areaQuery} cache={areaCache} columns={areaColumns} tree="collapsed" filters={byName} />);
    await waitFor(() => expect(shownNames()).toEqual(['Lighting', 'Entrance', 'Storage']));
    const search = screen.getByTestId('list-search');
    await userEvent.type(within(search).getByRole('textbox'), 'Aisle');
    await userEvent.click(within(search).getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(shownNames()).toEqual(['Aisle', 'Aisle lamp']));
  });

  test('on a phone the row actions fold behind one "…" button', async () => {
    setWindowWidth(390);
    const run = vi.fn(async (_row: Store) => undefined);
    renderWithProviders(
      <ListPage
        query={storePageQuery}
        cache={storeCache}
        columns={columns}
        actions={{ edit: { permission: 'store:mesh:update', form: () => null }, remove: { permission: 'store:mesh:delete', run } }}
      />,
    );
    await waitFor(() => expect(rowNames()).toHaveLength(20));
    expect(screen.queryByTestId('row-edit')).toBeNull();
    await userEvent.click(screen.getAllByRole('button', { name: 'Actions' })[0]!);
    const menu = await screen.findByTestId('row-actions-menu');
    expect(within(menu).getByTestId('row-edit')).toBeInTheDocument();
    expect(within(menu).getByTestId('row-delete')).toBeInTheDocument();
    // Back on a wide screen the buttons are in the row again.
    act(() => setWindowWidth(1440));
    await waitFor(() => expect(screen.getAllByTestId('row-edit').length).toBeGreaterThanOrEqual(20));
  });
});
