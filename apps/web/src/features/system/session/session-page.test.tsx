import { sessionApi, type OnlineSession } from '@lightdesk/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test-utils';
import { setNotifier } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { systemTestI18n } from '../shared/system-test-i18n';
import { SessionPage } from './session-page';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));

// Not declared in the contract yet.

const session = (over: Partial<OnlineSession>): OnlineSession => ({
  id: 1,
  userId: 1,
  username: 'admin',
  nickname: 'Administrator',
  ip: '127.0.0.1',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  rememberMe: false,
  createdAt: '2025-05-06T07:00:00.000Z',
  lastSeenAt: '2025-05-06T07:30:00.000Z',
  expiresAt: '2025-05-06T19:00:00.000Z',
  current: false,
  ...over,
});
const SESSIONS = [session({ id: 11, current: true }), session({ id: 12, username: 'operator', nickname: 'Olivia Operator', rememberMe: true })];

const signIn = (permissions: string[]) =>
  act(() => useSession.getState().setIdentity({ user: { id: 1, avatar: '', userName: 'admin', nickname: 'Admin' }, roles: ['admin'], permissions }));

beforeEach(() => {
  server.reset();
  server.answer(sessionApi.page, { list: SESSIONS, total: SESSIONS.length });
  setNotifier({ error: () => {}, success: () => {} });
  signIn(['*:*:*']);
});

describe('online sessions', () => {
  test('marks the current session and kicks another out after a confirmation', async () => {
    renderWithProviders(<SessionPage />, { i18n: systemTestI18n() });
    const mine = (await screen.findByTestId('session-current')).closest('tr')!;
    expect(within(mine).getByText('admin')).toBeInTheDocument();
    expect(within(mine).getByText('Firefox 128 · Linux')).toBeInTheDocument();

    const other = screen.getByText('operator').closest('tr')!;
    expect(within(other).queryByTestId('session-current')).toBeNull();
    expect(within(other).getByText('Yes')).toBeInTheDocument();
    const loads = server.sent(sessionApi.page).length;
    await userEvent.click(within(other).getByTestId('session-kick'));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Kick out operator?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Kick out' }));
    await waitFor(() => expect(server.sent(sessionApi.delete)).toEqual([{ id: 12 }]));
    await waitFor(() => expect(server.sent(sessionApi.page).length).toBeGreaterThan(loads));
  });

  test('kicking out your own session warns that it signs you out', async () => {
    renderWithProviders(<SessionPage />, { i18n: systemTestI18n() });
    const mine = (await screen.findByTestId('session-current')).closest('tr')!;
    await userEvent.click(within(mine).getByTestId('session-kick'));
    expect(await screen.findByRole('dialog')).toHaveTextContent('This is your own session: you will be signed out.');
  });

  test('without the kick permission there is nothing to click', async () => {
    signIn(['system:session:query']);
    renderWithProviders(<SessionPage />, { i18n: systemTestI18n() });
    await screen.findByTestId('session-current');
    expect(screen.queryAllByTestId('session-kick')).toHaveLength(0);
  });
});
