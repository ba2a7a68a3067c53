import { appUserApi, appUserDelete, appUserStatusUpdate, ResultCode, type AppUser } from '@lightdesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test-utils';
import { ApiError } from '../../../lib/http';
import { setUpAppUsers } from '../shared/app-users-test-kit';
import { storeTestI18n } from '../shared/store-test-i18n';
import { AppUserPage } from './app-user-page';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));

const person = (id: number, values: Partial<AppUser>): AppUser => ({
  id,
  email: `demo.user${id}@example.com`,
  mobile: '',
  nickname: `Demo ${id}`,
  countryCode: 'NL',
  status: 0,
  registerDate: '2026-01-02T03:04:05.000Z',
  lastLoginAt: null,
  lastLoginIp: '',
  storeCount: 0,
  adminStoreCount: 0,
  ...values,
});
const PEOPLE = [person(25, { storeCount: 2, adminStoreCount: 1, lastLoginIp: '203.0.113.7' }), person(45, { status: 1 })];
const HAS_STORES = 'The user can be deleted only after association information is deleted';

beforeEach(() => {
  server.reset();
  server.answer(appUserApi.page, { list: PEOPLE, total: 2 });
});

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('User centre', () => {
  test('lists people with their stores; who may only read sees statuses, no switch, delete or export', async () => {
    setUpAppUsers(['system:app-user:query']);
    renderWithProviders(<AppUserPage />, { i18n: storeTestI18n() });
    const row = await rowOf('demo.user25@example.com');
    expect(within(row).getByText('203.0.113.7')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(within(await rowOf('demo.user45@example.com')).getByText('Disabled')).toHaveClass('ant-tag');
    expect(screen.queryByTestId('app-user-status')).toBeNull();
    expect(screen.queryByTestId('row-delete')).toBeNull();
    expect(screen.queryByTestId('list-export')).toBeNull();
  });

  test('disabling asks first, saying the person is signed out of the app, then sends the new status', async () => {
    setUpAppUsers();
    renderWithProviders(<AppUserPage />, { i18n: storeTestI18n() });
    await userEvent.click(within(await rowOf('demo.user25@example.com')).getByRole('switch', { name: 'Enable or disable Demo 25' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Disable Demo 25?');
    expect(confirm).toHaveTextContent('signed out of the app on every phone at once');
    expect(server.sent(appUserStatusUpdate)).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(server.sent(appUserStatusUpdate)).toEqual([{ id: 25, status: 1 }]));
  });

  test('a delete the server refuses shows its reason, and the person stays listed', async () => {
    const toasts = setUpAppUsers();
    server.answer(appUserDelete, () => {
      throw new ApiError({ code: ResultCode.refusal, msg: '', egMsg: HAS_STORES, key: 'store.app-user.has-stores', data: null }, HAS_STORES);
    });
    renderWithProviders(<AppUserPage />, { i18n: storeTestI18n() });
    await userEvent.click(within(await rowOf('demo.user25@example.com')).getByTestId('row-delete'));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(HAS_STORES));
    expect(server.sent(appUserDelete)).toEqual([{ id: 25 }]);
    expect(toasts.success).not.toHaveBeenCalled();
    expect(screen.getByText('demo.user25@example.com')).toBeInTheDocument();
  });

  test('a person without stores is deleted', async () => {
    const toasts = setUpAppUsers();
    renderWithProviders(<AppUserPage />, { i18n: storeTestI18n() });
    await userEvent.click(within(await rowOf('demo.user45@example.com')).getByTestId('row-delete'));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(server.sent(appUserDelete)).toEqual([{ id: 45 }]));
    await waitFor(() => expect(toasts.success).toHaveBeenCalled());
  });

  test('the filters go to the server', async () => {
    setUpAppUsers();
    renderWithProviders(<AppUserPage />, { i18n: storeTestI18n() });
    await screen.findByText('demo.user25@example.com');
    const search = screen.getByTestId('list-search');
    await userEvent.type(within(search).getByLabelText('Email'), 'user25');
    await userEvent.type(within(search).getByLabelText('Country code'), 'nl');
    await userEvent.click(within(search).getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(server.sent(appUserApi.page).at(-1)).toEqual({ email: 'user25', countryCode: 'nl', page: 1, limit: 20 }));
  });
});
