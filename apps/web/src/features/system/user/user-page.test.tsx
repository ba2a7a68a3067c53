import { deptApi, postApi, roleApi, staffApi, type Staff } from '@lightdesk/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test-utils';
import { setUpPeople } from '../shared/people-test-kit';
import { systemTestI18n } from '../shared/system-test-i18n';
import { UserPage } from './user-page';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));

const STAFF: Staff = {
  id: 5,
  username: 'ada.park',
  nickname: 'Ada Park',
  deptId: 12,
  deptName: 'Sales',
  email: 'ada@example.com',
  mobile: '13800000000',
  sex: 2,
  status: 0,
  remark: '',
  lastLoginAt: null,
  lastLoginIp: '',
  createdAt: '2025-01-02T03:04:05.000Z',
};

beforeEach(() => {
  server.reset();
  server.answer(staffApi.page, { list: [STAFF], total: 1 });
  server.answer(staffApi.get, { ...STAFF, roleIds: [3], postIds: [] });
  server.answer(deptApi.listAllSimple, [
    { id: 11, parentId: 0, name: 'Head office' },
    { id: 12, parentId: 11, name: 'Sales' },
  ]);
  server.answer(roleApi.listAllSimple, [
    { id: 3, code: 'store_viewer', name: 'Store viewer' },
    { id: 4, code: 'operator', name: 'Operator' },
  ]);
  server.answer(postApi.listAllSimple, [{ id: 8, name: 'Store technician' }]);
  // Not declared in the contract yet.
  setUpPeople();
});

test('choosing a department in the tree lists that branch’s staff from page 1', async () => {
  renderWithProviders(<UserPage />, { i18n: systemTestI18n() });
  await screen.findByText('ada.park');
  fireEvent.click(within(screen.getByTestId('dept-panel')).getByText('Sales'));
  await waitFor(() => expect(server.sent(staffApi.page).at(-1)).toEqual({ deptId: '12', page: 1, limit: 20 }));
});

test('creating a staff member: the form checks the username and password, then sends the contract’s body', async () => {
  renderWithProviders(<UserPage />, { i18n: systemTestI18n() });
  await screen.findByText('ada.park');
  await userEvent.click(screen.getByTestId('list-create'));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Add staff member');

  await userEvent.type(within(dialog).getByTestId('user-nickname'), 'Ben Ode');
  await userEvent.type(within(dialog).getByTestId('user-username'), 'ben ode');
  await userEvent.type(within(dialog).getByTestId('user-password'), 'short');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('The username may contain only letters, digits and _ . @ -')).toBeInTheDocument();
  expect(within(dialog).getByText('The password must be 8 to 64 characters long')).toBeInTheDocument();
  expect(server.sent(staffApi.create)).toEqual([]);

  await userEvent.clear(within(dialog).getByTestId('user-username'));
  await userEvent.type(within(dialog).getByTestId('user-username'), 'ben.ode');
  await userEvent.clear(within(dialog).getByTestId('user-password'));
  await userEvent.type(within(dialog).getByTestId('user-password'), 'Lantern-2026');
  fireEvent.mouseDown(within(dialog).getByTestId('user-roles').querySelector('.ant-select-selector') ?? within(dialog).getByTestId('user-roles'));
  fireEvent.click(await screen.findByTitle('Operator'));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(server.sent(staffApi.create)).toEqual([
      {
        nickname: 'Ben Ode',
        deptId: null,
        username: 'ben.ode',
        password: 'Lantern-2026',
        mobile: '',
        email: '',
        postIds: [],
        roleIds: [4],
        sex: 0,
        status: 0,
        remark: '',
      },
    ]),
  );
});

test('editing loads the staff member’s roles; the username and password are not part of the form', async () => {
  renderWithProviders(<UserPage />, { i18n: systemTestI18n() });
  await screen.findByText('ada.park');
  await userEvent.click(screen.getByTestId('row-edit'));
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(within(dialog).getByTestId('user-nickname')).toHaveValue('Ada Park'));
  expect(within(dialog).queryByTestId('user-username')).toBeNull();
  expect(within(dialog).queryByTestId('user-password')).toBeNull();
  expect(within(dialog).getByTitle('Store viewer')).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(server.sent(staffApi.update)).toEqual([expect.objectContaining({ id: 5, deptId: 12, roleIds: [3], sex: 2 })]));
  expect(server.sent(staffApi.update)[0]).not.toHaveProperty('username');
});

test('disabling asks first, then sends update-status', async () => {
  renderWithProviders(<UserPage />, { i18n: systemTestI18n() });
  await screen.findByText('ada.park');
  await userEvent.click(screen.getByTestId('staff-status'));
  const confirm = await screen.findByRole('dialog');
  expect(confirm).toHaveTextContent('Disable Ada Park?');
  await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(server.sent(staffApi.updateStatus)).toEqual([{ id: 5, status: 1 }]));
});

test('reset password: both entries must match; only a user with the permission sees the action', async () => {
  renderWithProviders(<UserPage />, { i18n: systemTestI18n() });
  await screen.findByText('ada.park');
  await userEvent.click(screen.getByTestId('row-more'));
  fireEvent.click(await screen.findByRole('menuitem', { name: /Reset password/ }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.type(within(dialog).getByLabelText('New password'), 'Lantern-2026');
  await userEvent.type(within(dialog).getByLabelText('Confirm password'), 'Lantern-2027');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('The two passwords do not match')).toBeInTheDocument();
  await userEvent.clear(within(dialog).getByLabelText('Confirm password'));
  await userEvent.type(within(dialog).getByLabelText('Confirm password'), 'Lantern-2026');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(server.sent(staffApi.resetPassword)).toEqual([{ id: 5, password: 'Lantern-2026' }]));
});

test('a user who may only read sees status tags, not switches, and no row actions', async () => {
  setUpPeople(['system:user:query']);
  renderWithProviders(<UserPage />, { i18n: systemTestI18n() });
  await screen.findByText('ada.park');
  expect(screen.queryByTestId('staff-status')).toBeNull();
  expect(screen.getByText('Enabled')).toHaveClass('ant-tag');
  expect(screen.queryByTestId('row-more')).toBeNull();
  expect(screen.queryByTestId('list-create')).toBeNull();
});
