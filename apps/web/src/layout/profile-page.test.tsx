import { profileApi, type MySession, type Profile } from '@lightdesk/contract';
import type { ResourceKey } from 'i18next';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { useDictStore } from '../components/dict-store';
import { renderWithProviders, testI18n } from '../components/test-utils';
import { setNotifier } from '../lib/notify';
import { LayoutServicesContext, type ChangePasswordDialogProps, type LayoutServices } from './services';
import { useSession } from '../lib/session';
import { ProfilePage } from './profile-page';

const server = await vi.hoisted(async () => (await import('../test/fake-server')).fakeServer());
vi.mock('../lib/http/clients', (original) => server.clientsModule(original));

const profile = import.meta.glob<ResourceKey>('../locales/en-US/profile.json', { eager: true, import: 'default' });
const i18n = () => {
  const instance = testI18n();
  instance.addResourceBundle('en-US', 'profile', Object.values(profile)[0]!);
  return instance;
};

// The dialogs are the app's; here they only show that they were opened, and for whom.
const forgetSession = vi.fn();
const services = (socialOffered: boolean): LayoutServices => ({
  renderScreen: () => null,
  signOut: vi.fn(),
  forgetSession,
  AvatarDialog: () => <div data-testid="avatar-dialog" />,
  ChangePasswordDialog: ({ username, onChanged }: ChangePasswordDialogProps) => (
    <button type="button" data-testid="password-dialog" onClick={onChanged}>
      {username}
    </button>
  ),
  CancellationDialog: () => null,
  SocialLinksDialog: () => <div data-testid="social-dialog" />,
  useSocialSignInOffered: () => socialOffered,
});
const render = (ui: ReactElement, socialOffered = false) =>
  renderWithProviders(<LayoutServicesContext value={services(socialOffered)}>{ui}</LayoutServicesContext>, { i18n: i18n(), route: '/profile' });

const ME: Profile = {
  username: 'operator',
  nickname: 'Olga',
  email: 'olga@example.com',
  mobile: '13800000001',
  sex: 2,
  deptName: 'Store operations',
  postNames: ['Operations manager'],
  roleNames: ['Store manager'],
  agentName: 'Northwind Retail Lighting',
  createdAt: '2025-01-02T03:04:05.000Z',
  lastLoginAt: '2025-05-06T07:00:00.000Z',
  lastLoginIp: '10.1.2.3',
};
const session = (over: Partial<MySession>): MySession => ({
  id: 1,
  ip: '127.0.0.1',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  rememberMe: false,
  createdAt: '2025-05-06T07:00:00.000Z',
  lastSeenAt: '2025-05-06T07:30:00.000Z',
  expiresAt: '2025-05-06T19:00:00.000Z',
  current: false,
  ...over,
});
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const SESSIONS = [session({ id: 11, current: true }), session({ id: 12, ip: '192.0.2.7', userAgent: PHONE_UA, rememberMe: true })];

beforeEach(() => {
  server.reset();
  server.answer(profileApi.get, ME);
  server.answer(profileApi.sessions, SESSIONS);
  forgetSession.mockReset();
  setNotifier({ error: () => undefined, success: () => undefined });
  act(() => {
    useSession.getState().setIdentity({ user: { id: 7, avatar: '', userName: 'operator', nickname: 'Olga' }, roles: ['store_manager'], permissions: [] });
    useDictStore.getState().setAll([
      { dictType: 'system_user_sex', value: '0', label: 'Unknown', colorType: '', cssClass: '', sort: 0 },
      { dictType: 'system_user_sex', value: '1', label: 'Male', colorType: '', cssClass: '', sort: 1 },
      { dictType: 'system_user_sex', value: '2', label: 'Female', colorType: '', cssClass: '', sort: 2 },
    ]);
  });
});
afterEach(cleanup);

const details = async () => screen.findByTestId('profile-details');
const row = (label: string) => within(screen.getByTestId('profile-details')).getByText(label).closest('tr')!;

describe('my details', () => {
  test('shows what the server keeps about me, with the default picture when none was uploaded', async () => {
    render(<ProfilePage />);
    await details();
    expect(within(row('Email')).getByText('olga@example.com')).toBeInTheDocument();
    expect(within(row('Mobile')).getByText('13800000001')).toBeInTheDocument();
    expect(within(row('Gender')).getByText('Female')).toBeInTheDocument();
    expect(within(row('Agent')).getByText('Northwind Retail Lighting')).toBeInTheDocument();
    expect(within(row('Department')).getByText('Store operations')).toBeInTheDocument();
    expect(within(row('Posts')).getByText('Operations manager')).toBeInTheDocument();
    expect(within(row('Roles')).getByText('Store manager')).toBeInTheDocument();
    expect(row('Last sign-in')).toHaveTextContent('10.1.2.3');
    expect(screen.getByRole('img', { name: 'Your current picture' }).getAttribute('src')).toContain('avatar-default.svg');
    // Nothing is editable until I ask to edit.
    expect(screen.queryByRole('textbox')).toBeNull();
    // Linking accounts is offered only where the server has providers.
    expect(screen.queryByRole('button', { name: /Linked accounts/ })).toBeNull();
  });

  test("the platform's own staff have no agent row", async () => {
    server.answer(profileApi.get, { ...ME, agentName: null });
    render(<ProfilePage />);
    await details();
    expect(within(screen.getByTestId('profile-details')).queryByText('Agent')).toBeNull();
  });

  test('editing sends my new details, and the navbar name follows at once', async () => {
    render(<ProfilePage />);
    await details();
    await userEvent.click(screen.getByTestId('profile-edit'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Display name')).toHaveValue('Olga');
    await userEvent.clear(within(dialog).getByLabelText('Display name'));
    await userEvent.type(within(dialog).getByLabelText('Display name'), 'Olga Ops');
    await userEvent.clear(within(dialog).getByLabelText('Mobile'));
    await userEvent.type(within(dialog).getByLabelText('Mobile'), '+4915112345678');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Male' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.sent(profileApi.update)).toEqual([{ nickname: 'Olga Ops', email: 'olga@example.com', mobile: '+4915112345678', sex: 1 }]),
    );
    await waitFor(() => expect(useSession.getState().user?.nickname).toBe('Olga Ops'));
    // The details are read again after the save.
    await waitFor(() => expect(server.sent(profileApi.get).length).toBeGreaterThan(1));
  });

  test('a mobile number the server would refuse is refused here, before anything is sent', async () => {
    render(<ProfilePage />);
    await details();
    await userEvent.click(screen.getByTestId('profile-edit'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.clear(within(dialog).getByLabelText('Mobile'));
    await userEvent.type(within(dialog).getByLabelText('Mobile'), '12ab');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter a valid mobile number (6–15 digits, optional +)')).toBeInTheDocument();
    expect(server.sent(profileApi.update)).toEqual([]);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  test('opens the picture dialog, and the password dialog for this account; a changed password leaves for sign-in', async () => {
    const { router } = render(<ProfilePage />);
    await userEvent.click(screen.getByRole('button', { name: /Change picture/ }));
    expect(screen.getByTestId('avatar-dialog')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Change password/ }));
    expect(screen.queryByTestId('avatar-dialog')).toBeNull();
    expect(screen.getByTestId('password-dialog')).toHaveTextContent('operator');
    await userEvent.click(screen.getByTestId('password-dialog'));
    await vi.waitFor(() => expect(forgetSession).toHaveBeenCalled());
    expect(router.state.location.pathname).toBe('/login');
  });

  test('offers the linked accounts where the server has providers', async () => {
    render(<ProfilePage />, true);
    await userEvent.click(screen.getByRole('button', { name: /Linked accounts/ }));
    expect(screen.getByTestId('social-dialog')).toBeInTheDocument();
  });
});

describe('my sessions', () => {
  test('lists where I am signed in, this session marked and not offered for sign-out', async () => {
    render(<ProfilePage />);
    const mine = (await screen.findByTestId('my-session-current')).closest('tr')!;
    expect(within(mine).getByText('Firefox 128 · Linux')).toBeInTheDocument();
    expect(within(mine).queryByTestId('my-session-end')).toBeNull();
    const phone = screen.getByText('192.0.2.7').closest('tr')!;
    expect(within(phone).getByText('Safari 17 · iOS')).toBeInTheDocument();
    expect(within(phone).getByText('Yes')).toBeInTheDocument();
    expect(screen.getAllByTestId('my-session-end')).toHaveLength(1);
  });

  test('signing out another session asks first, then sends its id and reloads the list', async () => {
    render(<ProfilePage />);
    const phone = (await screen.findByText('192.0.2.7')).closest('tr')!;
    const loads = server.sent(profileApi.sessions).length;
    await userEvent.click(within(phone).getByTestId('my-session-end'));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Sign out this session?');
    expect(server.sent(profileApi.deleteSession)).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(server.sent(profileApi.deleteSession)).toEqual([{ id: 12 }]));
    await waitFor(() => expect(server.sent(profileApi.sessions).length).toBeGreaterThan(loads));
  });
});
