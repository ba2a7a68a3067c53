import type { AuthOptions, LoginResult, SocialLink } from '@lightdesk/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { clearAuth, readAuth } from '../../lib/auth-token';
import { setNotifier } from '../../lib/notify';
import common from '../../locales/en-US/common.json';
import { SignInPanel } from './sign-in-panel';
import { SocialLinksDialog } from './social-links-dialog';
import { SocialSignIn } from './social-sign-in';

const api = vi.hoisted(() => ({
  fetchAuthOptions: vi.fn<() => Promise<AuthOptions>>(),
  fetchCaptcha: vi.fn(),
  login: vi.fn(),
  sendSmsCode: vi.fn(),
  smsLogin: vi.fn(),
  startSocialSignIn: vi.fn<(body: object) => Promise<{ url: string }>>(),
  socialLogin: vi.fn<(body: { ticket: string }) => Promise<LoginResult>>(),
  fetchSocialLinks: vi.fn<() => Promise<SocialLink[]>>(),
  startSocialLink: vi.fn<(body: object) => Promise<{ url: string }>>(),
  finishSocialLink: vi.fn<(body: { ticket: string }) => Promise<SocialLink>>(),
  unlinkSocial: vi.fn<(provider: string) => Promise<boolean>>(),
}));
vi.mock('./api', () => api);
const leaveFor = vi.hoisted(() => vi.fn<(url: string) => void>());
vi.mock('./leave', () => ({ leaveFor }));

const PROVIDERS = [
  { id: 'corp', name: 'Corp ID' },
  { id: 'google', name: 'Google' },
];
const SESSION: LoginResult = {
  accessToken: 'token-from-ticket',
  expiresAt: '2030-01-01T00:00:00Z',
  idleTimeout: 604800,
  userId: 1,
  tenantId: 1,
  tenantCode: 'saas',
  tenantType: 'platform',
};
const toasts = { error: [] as string[], success: [] as string[] };

function i18n() {
  const instance = i18next.createInstance();
  void instance.init({
    lng: 'en-US',
    resources: { 'en-US': { common } },
    defaultNS: 'common',
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}

/** The sign-in screen at /login and a console page at /system/user (a stand-in unless given), opened at `at`. */
function renderAt(at: string, page: ReactElement = <p>Staff page</p>) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <SignInPanel first="password" /> },
      { path: '/system/user', element: page },
    ],
    { initialEntries: [at] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n()}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return router;
}

beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  leaveFor.mockReset();
  // Until the options arrive the screen assumes the stricter form, which asks for a captcha.
  api.fetchCaptcha.mockResolvedValue({ captchaId: 'c1', image: 'data:image/png;base64,', expiresIn: 120 });
  localStorage.clear();
  clearAuth();
  toasts.error = [];
  toasts.success = [];
  setNotifier({ error: (text) => toasts.error.push(text), success: (text) => toasts.success.push(text) });
  // Fetched once per page load (use-auth-options), so every test here sees the same providers.
  api.fetchAuthOptions.mockResolvedValue({ captchaEnabled: false, smsEnabled: true, socialProviders: PROVIDERS });
});

describe('the sign-in screen', () => {
  test('shows a button per configured provider by its configured name; one goes to the provider with the return path and remember me', async () => {
    api.startSocialSignIn.mockResolvedValue({ url: 'https://id.example.com/authorize?state=s' });
    renderAt('/login?redirect=%2Fsystem%2Fuser');
    const corp = await screen.findByRole('button', { name: 'Sign in with Corp ID' });
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();

    await userEvent.click(screen.getByLabelText('Remember me'));
    await userEvent.click(corp);
    expect(api.startSocialSignIn).toHaveBeenCalledWith({ provider: 'corp', rememberMe: true, redirect: '/system/user' });
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('https://id.example.com/authorize?state=s'));
  });

  test('shows nothing at all when no provider is configured', () => {
    const { container } = render(
      <I18nextProvider i18n={i18n()}>
        <RouterProvider router={createMemoryRouter([{ path: '*', element: <SocialSignIn providers={[]} remember={false} /> }])} />
      </I18nextProvider>,
    );
    expect(container).toBeEmptyDOMElement();
  });

  test('coming back with a ticket trades it for the session and goes where the person was heading', async () => {
    let settle: (result: LoginResult) => void = () => undefined;
    api.socialLogin.mockReturnValue(new Promise((resolve) => (settle = resolve)));
    const router = renderAt('/login?ticket=T1&redirect=%2Fsystem%2Fuser&remember=1');
    expect(await screen.findByRole('status')).toHaveTextContent('Finishing sign-in…');
    expect(screen.queryByLabelText('Username')).toBeNull();
    settle(SESSION);
    expect(await screen.findByText('Staff page')).toBeInTheDocument();
    expect(api.socialLogin).toHaveBeenCalledTimes(1);
    expect(api.socialLogin).toHaveBeenCalledWith({ ticket: 'T1' });
    expect(router.state.location.pathname).toBe('/system/user');
    // Remembered: kept where it survives closing the browser.
    expect(readAuth()?.accessToken).toBe('token-from-ticket');
    expect(localStorage.getItem('lightdesk.token')).toContain('token-from-ticket');
  });

  test('a refused ticket leaves the forms on screen and the ticket out of the address', async () => {
    api.socialLogin.mockRejectedValue(new Error('not linked'));
    const router = renderAt('/login?ticket=T2&redirect=%2Fsystem%2Fuser');
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?redirect=%2Fsystem%2Fuser');
    expect(readAuth()).toBeUndefined();
  });

  test('a round trip marked failed says so', async () => {
    const router = renderAt('/login?social=failed');
    await waitFor(() => expect(toasts.error).toEqual([common.error.auth['social-failed']]));
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
  });
});

describe('linked sign-in accounts', () => {
  const CORP_LINK = { provider: 'corp', name: 'Corp ID', linkedAt: '2025-01-02T03:04:05.000Z' };

  test('each provider shows whether it is linked; a link to a provider no longer offered can still be removed', async () => {
    api.fetchSocialLinks.mockResolvedValue([CORP_LINK, { provider: 'retired', name: 'retired', linkedAt: '2024-05-06T07:08:09.000Z' }]);
    renderAt('/system/user', <SocialLinksDialog open onClose={() => undefined} />);
    const corp = await screen.findByTestId('social-link-corp');
    expect(corp).toHaveTextContent('Corp ID');
    expect(corp).toHaveTextContent(/Linked on .*2025/);
    expect(within(corp).getByRole('button', { name: 'Unlink' })).toBeInTheDocument();
    const google = screen.getByTestId('social-link-google');
    expect(google).toHaveTextContent('Not linked');
    expect(within(google).getByRole('button', { name: 'Link' })).toBeInTheDocument();
    expect(within(screen.getByTestId('social-link-retired')).getByRole('button', { name: 'Unlink' })).toBeInTheDocument();
  });

  test('linking goes to the provider, set to come back to the page the person is on', async () => {
    api.fetchSocialLinks.mockResolvedValue([CORP_LINK]);
    api.startSocialLink.mockResolvedValue({ url: 'https://accounts.example.com/auth?state=x' });
    renderAt('/system/user?page=2', <SocialLinksDialog open onClose={() => undefined} />);
    await userEvent.click(within(await screen.findByTestId('social-link-google')).getByRole('button', { name: 'Link' }));
    expect(api.startSocialLink).toHaveBeenCalledWith({ provider: 'google', redirect: '/system/user?page=2' });
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('https://accounts.example.com/auth?state=x'));
  });

  test('unlinking asks first, then removes the link and shows the list again', async () => {
    api.fetchSocialLinks.mockResolvedValueOnce([CORP_LINK]).mockResolvedValue([]);
    api.unlinkSocial.mockResolvedValue(true);
    renderAt('/system/user', <SocialLinksDialog open onClose={() => undefined} />);
    await userEvent.click(within(await screen.findByTestId('social-link-corp')).getByRole('button', { name: 'Unlink' }));
    // The question opens over the list.
    const confirm = await waitFor(() => {
      const top = screen.getAllByRole('dialog').at(-1)!;
      expect(top).toHaveTextContent('Unlink your Corp ID account?');
      return top;
    });
    expect(api.unlinkSocial).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(api.unlinkSocial).toHaveBeenCalledWith('corp'));
    await waitFor(() => expect(within(screen.getByTestId('social-link-corp')).getByRole('button', { name: 'Link' })).toBeInTheDocument());
    expect(toasts.success).toEqual(['Your Corp ID account is no longer linked.']);
  });

  test('coming back with a link ticket finishes the link and returns to the page', async () => {
    api.finishSocialLink.mockResolvedValue(CORP_LINK);
    const router = renderAt('/login?linkTicket=L1&redirect=%2Fsystem%2Fuser');
    expect(await screen.findByText('Staff page')).toBeInTheDocument();
    expect(api.finishSocialLink).toHaveBeenCalledWith({ ticket: 'L1' });
    expect(toasts.success).toEqual(['Your Corp ID account is now linked.']);
    expect(router.state.location.pathname).toBe('/system/user');
  });
});
