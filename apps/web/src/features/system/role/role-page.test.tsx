import { deptApi, menuApi, roleApi, type MenuSimple, type Role } from '@lightdesk/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test-utils';
import { setUpPeople } from '../shared/people-test-kit';
import { systemTestI18n } from '../shared/system-test-i18n';
import { RolePage } from './role-page';
import deMenu from '../../../locales/de-DE/menu.json';
import deSystem from '../../../locales/de-DE/system.json';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));

const ROLE: Role = { id: 9, code: 'store_viewer', name: 'Store viewer', sort: 1, status: 0, remark: '', dataScope: 1, createdAt: '2025-01-02T03:04:05.000Z' };
const MENUS: MenuSimple[] = [
  { id: 1, parentId: 0, name: 'Stores', type: 'D', componentName: 'Stores' },
  { id: 2, parentId: 1, name: 'Store management', type: 'M', componentName: 'StoreMesh' },
  { id: 3, parentId: 2, name: 'Export', type: 'B', componentName: '' },
  { id: 4, parentId: 1, name: 'Store users', type: 'M', componentName: 'StoreUser' },
  { id: 5, parentId: 0, name: 'Devices', type: 'D', componentName: 'Devices' },
  { id: 6, parentId: 5, name: 'Luminaires', type: 'M', componentName: 'DeviceLuminaire' },
];

beforeEach(() => {
  server.reset();
  server.answer(roleApi.page, { list: [ROLE], total: 1 });
  server.answer(roleApi.get, { ...ROLE, deptIds: [] });
  server.answer(deptApi.listAllSimple, [
    { id: 11, parentId: 0, name: 'Head office' },
    { id: 12, parentId: 11, name: 'Sales' },
  ]);
  // Not declared in the contract yet.
  server.answer(menuApi.grantable, MENUS);
  server.answer(roleApi.menuIds, [5, 6]);
  setUpPeople();
});

async function openMore(label: string) {
  await screen.findByText('Store viewer');
  await userEvent.click(screen.getByTestId('row-more'));
  fireEvent.click(await screen.findByRole('menuitem', { name: new RegExp(label) }));
  return screen.findByRole('dialog');
}

test('assign menus: the tree starts from the role’s menus; checking a screen saves it with its buttons and its directory', async () => {
  renderWithProviders(<RolePage />, { i18n: systemTestI18n() });
  const dialog = await openMore('Assign menus');
  const tree = await within(dialog).findByTestId('role-menu-tree');
  const checkbox = (title: string) => within(tree).getByText(title).closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!;
  await waitFor(() => expect(checkbox('Luminaires')).toHaveClass('ant-tree-checkbox-checked'));
  expect(checkbox('Devices')).toHaveClass('ant-tree-checkbox-checked');

  // Take Devices away, grant Store management (its Export button comes along; Stores is half-checked).
  fireEvent.click(checkbox('Devices'));
  fireEvent.click(checkbox('Store management'));
  expect(checkbox('Export')).toHaveClass('ant-tree-checkbox-checked');
  expect(checkbox('Stores')).toHaveClass('ant-tree-checkbox-indeterminate');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(server.sent(roleApi.assignMenus)).toEqual([{ roleId: 9, menuIds: [1, 2, 3] }]));
});

test('data scope: custom departments need at least one department, then are saved with the scope', async () => {
  renderWithProviders(<RolePage />, { i18n: systemTestI18n() });
  const dialog = await openMore('Data scope');
  await userEvent.click(await within(dialog).findByLabelText('Custom departments'));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('Please select at least one department')).toBeInTheDocument();

  fireEvent.click(within(dialog).getByText('Sales').closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(server.sent(roleApi.assignDataScope)).toEqual([{ roleId: 9, dataScope: 2, deptIds: [12] }]));
});

test('a user who may not assign menus or change roles gets no "more" actions', async () => {
  setUpPeople(['system:role:query', 'system:role:delete']);
  renderWithProviders(<RolePage />, { i18n: systemTestI18n() });
  await screen.findByText('Store viewer');
  expect(screen.queryByTestId('row-more')).toBeNull();
  expect(screen.getByTestId('row-delete')).toBeInTheDocument();
});

test('assign menus: entries are titled in the console language (menu namespace by componentName, buttons by name)', async () => {
  const i18n = systemTestI18n();
  i18n.addResourceBundle('de-DE', 'menu', deMenu);
  i18n.addResourceBundle('de-DE', 'system', deSystem);
  await i18n.changeLanguage('de-DE');
  renderWithProviders(<RolePage />, { i18n });
  await screen.findByText('Store viewer');
  await userEvent.click(screen.getByTestId('row-more'));
  fireEvent.click(await screen.findByRole('menuitem', { name: /Menüs zuweisen/ }));
  const tree = await within(await screen.findByRole('dialog')).findByTestId('role-menu-tree');
  for (const title of ['Filialen', 'Filialverwaltung', 'Exportieren', 'Filialbenutzer', 'Geräte', 'Leuchten'])
    expect(await within(tree).findByText(title)).toBeInTheDocument();
  expect(within(tree).queryByText('Store management')).toBeNull();
});
