import { accountCancellationApi, type AccountCancellation } from '@lightdesk/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test-utils';
import { setUpAppUsers } from '../shared/app-users-test-kit';
import { storeTestI18n } from '../shared/store-test-i18n';
import { CancellationPage } from './cancellation-page';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));

const request = (values: Partial<AccountCancellation> & Pick<AccountCancellation, 'id' | 'accountKind'>): AccountCancellation => ({
  accountId: 7,
  username: '',
  email: '',
  mobile: '',
  nickname: '',
  reason: '',
  status: 'pending',
  requestedAt: '2026-01-02T03:04:05.000Z',
  purgeAfter: '2026-01-09T03:04:05.000Z',
  withdrawnAt: null,
  purgedAt: null,
  ...values,
});
// The same request id in both kinds: each is its own row.
const REQUESTS = [
  request({ id: 1, accountKind: 'staff', username: 'operator', nickname: 'Olivia Operator', reason: 'Retiring' }),
  request({ id: 1, accountKind: 'app-user', email: 'demo.user30@example.com', status: 'withdrawn' }),
];

beforeEach(() => {
  server.reset();
  server.answer(accountCancellationApi.page, { list: REQUESTS, total: 2 });
});

const pick = async (label: string, option: string) => {
  fireEvent.mouseDown(within(screen.getByTestId('list-search')).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByTitle(option));
};

describe('Account cancellations', () => {
  test("staff's and app users' requests show side by side with their kind and status", async () => {
    setUpAppUsers(['system:cancellation:query']);
    renderWithProviders(<CancellationPage />, { i18n: storeTestI18n() });
    const staff = (await screen.findByText('operator')).closest('tr')!;
    expect(within(staff).getByText('Staff')).toBeInTheDocument();
    expect(within(staff).getByText('Pending')).toHaveClass('ant-tag');
    expect(within(staff).getByText('Retiring')).toBeInTheDocument();
    const person = screen.getByText('demo.user30@example.com').closest('tr')!;
    expect(within(person).getByText('App user')).toBeInTheDocument();
    expect(within(person).getByText('Withdrawn')).toBeInTheDocument();
    expect(screen.queryByTestId('list-export')).toBeNull();
  });

  test('the email, status and kind filters go to the server', async () => {
    setUpAppUsers();
    renderWithProviders(<CancellationPage />, { i18n: storeTestI18n() });
    await screen.findByText('operator');
    expect(screen.getByTestId('list-export')).toBeInTheDocument();
    await userEvent.type(within(screen.getByTestId('list-search')).getByLabelText('Email'), 'demo');
    await pick('Status', 'Pending');
    await pick('Account', 'Staff');
    await userEvent.click(within(screen.getByTestId('list-search')).getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(server.sent(accountCancellationApi.page).at(-1)).toEqual({ email: 'demo', status: 'pending', accountKind: 'staff', page: 1, limit: 20 }),
    );
  });
});
