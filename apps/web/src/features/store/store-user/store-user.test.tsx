import { storeMemberApi, type StoreMembership } from '@lightdesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, signedInWith } from '../../../components/test-utils';
import { storeTestI18n } from '../shared/store-test-i18n';
import { StoreUserPage } from './store-user-page';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));

const member = (id: number, nickname: string, role: StoreMembership['role']): StoreMembership => ({
  id,
  storeId: 7,
  meshId: 'MESH0007AB',
  meshName: 'Amsterdam Kalverstraat',
  appUserId: 100 + id,
  nickname,
  email: `${nickname.toLowerCase()}@example.com`,
  mobile: '',
  role,
  joinedAt: '2026-10-01T09:00:00.000Z',
});
beforeEach(() => {
  server.reset();
  server.answer(storeMemberApi.page, { list: [member(1, 'Emma', 'admin'), member(2, 'Daan', 'member')], total: 2 });
  server.answer(storeMemberApi.remove, true);
});

describe('Store users', () => {
  test('each membership shows its store and role; only members can be removed, after saying who leaves which store', async () => {
    signedInWith();
    renderWithProviders(<StoreUserPage />, { i18n: storeTestI18n() });
    await screen.findByText('Emma');
    const rows = screen.getAllByRole('row');
    const emma = rows.find((r) => within(r).queryByText('Emma'))!;
    const daan = rows.find((r) => within(r).queryByText('Daan'))!;
    expect(within(emma).getByText('Admin')).toHaveClass('ant-tag');
    expect(within(emma).queryByTestId('row-delete')).toBeNull();

    await userEvent.click(within(daan).getByTestId('row-delete'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Remove Daan from the store Amsterdam Kalverstraat?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(server.sent(storeMemberApi.remove)).toEqual([{ id: 2 }]));
  });

  test('filters by role; a person who may only read gets neither removal nor export', async () => {
    signedInWith(['store:user:query']);
    renderWithProviders(<StoreUserPage />, { i18n: storeTestI18n(), route: '/?role=member' });
    await screen.findByText('Daan');
    expect(server.sent(storeMemberApi.page).at(-1)).toMatchObject({ role: 'member' });
    expect(screen.queryByTestId('row-delete')).toBeNull();
    expect(screen.queryByTestId('list-export')).toBeNull();
  });
});
