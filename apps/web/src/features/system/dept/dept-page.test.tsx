import { deptApi, staffApi, type Dept } from '@lightdesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test-utils';
import { ScreenPathContext } from '../../../lib/navigation';
import { setUpPeople } from '../shared/people-test-kit';
import { systemTestI18n } from '../shared/system-test-i18n';
import { UserPage } from '../user/user-page';
import { DeptPage } from './dept-page';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));

const dept = (id: number, parentId: number, name: string, leaderUserId: number | null = null): Dept => ({
  id,
  parentId,
  name,
  sort: id,
  leaderUserId,
  phone: '',
  email: '',
  status: 0,
  createdAt: '2025-01-02T03:04:05.000Z',
});
// Flat, parents first, as GET /system/dept/list answers.
const DEPTS = [dept(1, 0, 'Head office', 7), dept(2, 1, 'Sales'), dept(3, 2, 'Sales north'), dept(4, 1, 'Support'), dept(5, 0, 'Lab')];

beforeEach(() => {
  server.reset();
  server.answer(deptApi.list, DEPTS);
  server.answer(
    deptApi.listAllSimple,
    DEPTS.map(({ id, name, parentId }) => ({ id, name, parentId })),
  );
  server.answer(staffApi.listAllSimple, [{ id: 7, nickname: 'Ada Park', deptId: 1 }]);
  setUpPeople();
});

const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]!.textContent?.trim());

test('the flat list is shown as a tree, all expanded, with leaders by name and no paging', async () => {
  renderWithProviders(<DeptPage />, { i18n: systemTestI18n() });
  await waitFor(() => expect(rowNames()).toEqual(['Head office', 'Sales', 'Sales north', 'Support', 'Lab']));
  expect(screen.getByText('Ada Park')).toBeInTheDocument();
  // Nesting shows as indentation levels.
  const level = (name: string) => screen.getByText(name).closest('tr')!.querySelector('.ant-table-row-indent')?.className;
  expect(level('Sales north')).toContain('indent-level-2');
  expect(level('Lab')).toContain('indent-level-0');
  expect(screen.queryByTestId('pagination-total')).toBeNull();

  // Folding a branch hides its rows; the rest stay open.
  await userEvent.click(screen.getByText('Sales').closest('tr')!.querySelector('button.ant-table-row-expand-icon')!);
  await waitFor(() => expect(rowNames()).toEqual(['Head office', 'Sales', 'Support', 'Lab']));
});

test('"add sub-department" opens the form under that department and creates it there', async () => {
  renderWithProviders(<DeptPage />, { i18n: systemTestI18n() });
  await waitFor(() => expect(rowNames()).toHaveLength(5));
  await userEvent.click(within(screen.getByText('Support').closest('tr')!).getByTestId('dept-add-child'));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Add department');
  // The parent picker shows the chosen department.
  expect(within(dialog).getByTitle('Support')).toBeInTheDocument();
  await userEvent.type(within(dialog).getByLabelText('Department name'), 'Field service');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(server.sent(deptApi.create)).toEqual([{ parentId: 4, name: 'Field service', sort: 0, leaderUserId: null, phone: '', email: '', status: 0 }]),
  );
});

test('without create permission there is neither "add" nor "add sub-department"', async () => {
  setUpPeople(['system:dept:query', 'system:dept:update']);
  renderWithProviders(<DeptPage />, { i18n: systemTestI18n() });
  await waitFor(() => expect(rowNames()).toHaveLength(5));
  expect(screen.queryByTestId('list-create')).toBeNull();
  expect(screen.queryByTestId('dept-add-child')).toBeNull();
  expect(screen.getAllByTestId('row-edit')).toHaveLength(5);
});

test('deleting a department refreshes the staff screen kept open beside it: its tree drops the department, its rows are read again', async () => {
  let depts = DEPTS;
  server.answer(deptApi.list, () => depts);
  server.answer(deptApi.listAllSimple, () => depts.map(({ id, name, parentId }) => ({ id, name, parentId })));
  server.answer(staffApi.page, { list: [], total: 0 });
  server.answer(deptApi.delete, ({ id }) => {
    depts = depts.filter((d) => d.id !== id);
    return true as const;
  });
  // Two screens of the tags view: the department screen on show, the staff screen kept alive.
  renderWithProviders(
    <>
      <ScreenPathContext value="/system/dept">
        <DeptPage />
      </ScreenPathContext>
      <ScreenPathContext value="/system/user">
        <UserPage />
      </ScreenPathContext>
    </>,
    { i18n: systemTestI18n(), route: '/system/dept' },
  );
  const staffTree = await screen.findByTestId('dept-panel');
  expect(await within(staffTree).findByText('Lab')).toBeInTheDocument();
  const staffReads = () => server.sent(staffApi.page).length;
  await waitFor(() => expect(staffReads()).toBe(1));

  const [deptList] = screen.getAllByTestId('list-page');
  await userEvent.click(within(within(deptList!).getByText('Lab').closest('tr')!).getByTestId('row-delete'));
  await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(server.sent(deptApi.delete)).toEqual([{ id: 5 }]));

  await waitFor(() => expect(within(staffTree).queryByText('Lab')).toBeNull());
  // Staff rows name their department.
  await waitFor(() => expect(staffReads()).toBe(2));
});
