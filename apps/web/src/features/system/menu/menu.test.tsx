import { menuApi, type Menu } from '@lightdesk/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test-utils';
import { setUpPeople } from '../shared/people-test-kit';
import { systemTestI18n } from '../shared/system-test-i18n';
import { MenuPage } from './menu-page';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));

const at = '2025-01-02T03:04:05.000Z';
const entry = (m: Partial<Menu> & Pick<Menu, 'id' | 'parentId' | 'name' | 'type'>): Menu => ({
  path: '',
  component: '',
  componentName: '',
  icon: '',
  visible: true,
  keepAlive: true,
  alwaysShow: true,
  permission: '',
  sort: 0,
  status: 0,
  createdAt: at,
  ...m,
});
// Flat, as GET /system/menu/list answers: each row names its parent.
const MENUS: Menu[] = [
  entry({ id: 1, parentId: 0, name: 'Administration', type: 'D', path: '/system', icon: 'setting' }),
  entry({ id: 2, parentId: 1, name: 'Staff', type: 'M', path: 'user', component: 'system/user/index', permission: 'system:user:query' }),
  entry({ id: 3, parentId: 2, name: 'Create staff', type: 'B', permission: 'system:user:create' }),
  entry({ id: 4, parentId: 0, name: 'Help', type: 'D', path: '/help', status: 1 }),
];

/** Typing letter by letter into antd inputs is slow in happy-dom; a change event is what the form reads. */
const fill = (input: HTMLElement, text: string) => fireEvent.change(input, { target: { value: text } });
const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]!.textContent?.trim());

beforeEach(() => {
  server.reset();
  server.answer(menuApi.list, MENUS);
});

describe('Menus', () => {
  test('the flat list is shown as a tree of its top level; "expand all" shows buttons under their screen', async () => {
    setUpPeople();
    renderWithProviders(<MenuPage />, { i18n: systemTestI18n() });
    // A couple of hundred entries drawn at once took seconds: the tree starts folded.
    await waitFor(() => expect(rowNames()).toEqual(['Administration', 'Help']));
    await userEvent.click(screen.getByTestId('tree-expand-all'));
    await waitFor(() => expect(rowNames()).toEqual(['Administration', 'Staff', 'Create staff', 'Help']));
    const staff = screen.getAllByRole('row').find((r) => r.textContent?.includes('system/user/index'))!;
    expect(staff).toHaveAttribute('data-row-key', '2');
    expect(staff.className).toMatch(/ant-table-row-level-1/);
    expect(screen.getAllByRole('row').find((r) => r.textContent?.includes('Create staff'))!.className).toMatch(/ant-table-row-level-2/);
    // The tell-users notice: menus change at the next sign-in or menu reload.
    expect(screen.getByTestId('menu-notice')).toHaveTextContent('next sign-in');
    // "Add child" on directories and screens, not on buttons.
    expect(screen.getAllByTestId('menu-add-child')).toHaveLength(3);
  });

  test('searching a name opens the tree at its matches', async () => {
    // The server answers the entries whose name holds the text.
    server.answer(menuApi.list, (query?: { name?: string }) => MENUS.filter((m) => !query?.name || m.name.toLowerCase().includes(query.name.toLowerCase())));
    setUpPeople();
    renderWithProviders(<MenuPage />, { i18n: systemTestI18n() });
    await waitFor(() => expect(rowNames()).toEqual(['Administration', 'Help']));
    fill(within(screen.getByTestId('list-search')).getByRole('textbox'), 'staff');
    await userEvent.click(within(screen.getByTestId('list-search')).getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(rowNames()).toEqual(['Staff', 'Create staff']));
  });

  test('a user who may only read sees no create, add-child, edit or delete', async () => {
    setUpPeople(['system:menu:query']);
    renderWithProviders(<MenuPage />, { i18n: systemTestI18n() });
    await screen.findByText('Administration');
    await userEvent.click(screen.getByTestId('tree-expand-all'));
    await screen.findByText('Create staff');
    expect(screen.queryByTestId('list-create')).toBeNull();
    expect(screen.queryByTestId('menu-add-child')).toBeNull();
    expect(screen.queryByTestId('row-edit')).toBeNull();
    expect(screen.queryByTestId('row-delete')).toBeNull();
  });

  test('"add child" on a screen opens a button form under it: only the permission code, which is required', async () => {
    setUpPeople();
    renderWithProviders(<MenuPage />, { i18n: systemTestI18n() });
    await userEvent.click(await screen.findByTestId('tree-expand-all'));
    await screen.findByText('Create staff');
    const staffRow = screen.getAllByRole('row').find((r) => r.getAttribute('data-row-key') === '2')!;
    await userEvent.click(within(staffRow).getByTestId('menu-add-child'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: 'Button' })).toBeChecked();
    // A button has no route, icon or screen: only its permission.
    expect(within(dialog).queryByTestId('menu-path')).toBeNull();
    expect(within(dialog).queryByTestId('menu-component')).toBeNull();
    expect(within(dialog).queryByTestId('menu-icon')).toBeNull();

    fill(within(dialog).getByTestId('menu-name'), 'Export staff');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter the permission code')).toBeInTheDocument();
    fill(within(dialog).getByTestId('menu-permission'), 'System:User');
    expect(await within(dialog).findByText('Use the form module:resource:action in lower case')).toBeInTheDocument();
    expect(server.sent(menuApi.create)).toEqual([]);

    fill(within(dialog).getByTestId('menu-permission'), 'system:user:export');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.sent(menuApi.create)).toEqual([
        {
          parentId: 2,
          name: 'Export staff',
          type: 'B',
          sort: 0,
          status: 0,
          permission: 'system:user:export',
          path: '',
          icon: '',
          component: '',
          componentName: '',
          visible: true,
          keepAlive: true,
          alwaysShow: true,
        },
      ]),
    );
  });

  test('editing a screen shows its screen fields; turning it into a directory saves them cleared', async () => {
    setUpPeople();
    renderWithProviders(<MenuPage />, { i18n: systemTestI18n() });
    await userEvent.click(await screen.findByTestId('tree-expand-all'));
    await screen.findByText('Create staff');
    const staffRow = screen.getAllByRole('row').find((r) => r.getAttribute('data-row-key') === '2')!;
    await userEvent.click(within(staffRow).getByTestId('row-edit'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: 'Menu' })).toBeChecked();
    expect(within(dialog).getByTestId('menu-component')).toHaveValue('system/user/index');
    expect(within(dialog).getByTestId('menu-keep-alive')).toBeInTheDocument();

    // A directory has no screen: its component, permission and keep-alive go.
    await userEvent.click(within(dialog).getByText('Directory'));
    expect(within(dialog).queryByTestId('menu-component')).toBeNull();
    expect(within(dialog).queryByTestId('menu-keep-alive')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The directory keeps its path and icon; the screen's component and permission are cleared.
    await waitFor(() =>
      expect(server.sent(menuApi.update)).toEqual([expect.objectContaining({ id: 2, type: 'D', parentId: 1, path: 'user', component: '', permission: '' })]),
    );
  });

  test('a new top-level directory is refused a relative path before anything is sent', async () => {
    setUpPeople();
    renderWithProviders(<MenuPage />, { i18n: systemTestI18n() });
    await screen.findByText('Administration');
    await userEvent.click(screen.getByTestId('list-create'));
    const dialog = await screen.findByRole('dialog');
    fill(within(dialog).getByTestId('menu-name'), 'Reports');
    fill(within(dialog).getByTestId('menu-path'), 'reports');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A top-level path must start with / (or be an http(s) address)')).toBeInTheDocument();
    expect(server.sent(menuApi.create)).toEqual([]);
  });
});
