import type { ResourceKey } from 'i18next';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { renderWithProviders, testI18n } from '../components/test-utils';
import { LayoutServicesContext, type ChangePasswordDialogProps, type LayoutServices } from './services';
import { useSession } from '../lib/session';
import { ProfilePage } from './profile-page';

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

beforeEach(() => {
  forgetSession.mockReset();
  act(() =>
    useSession.getState().setIdentity({ user: { id: 7, avatar: '', userName: 'operator', nickname: 'Olga' }, roles: ['store_manager'], permissions: [] }),
  );
});
afterEach(cleanup);

test('shows who is signed in, read-only, with the default picture when none was uploaded', () => {
  render(<ProfilePage />);
  // The display name heads the details and is one of them.
  expect(screen.getAllByText('Olga')).toHaveLength(2);
  expect(screen.getByText('operator')).toBeInTheDocument();
  expect(screen.getByText('store_manager')).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Your current picture' }).getAttribute('src')).toContain('avatar-default.svg');
  expect(screen.queryByRole('textbox')).toBeNull();
  // Linking accounts is offered only where the server has providers.
  expect(screen.queryByRole('button', { name: /Linked accounts/ })).toBeNull();
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
