import { ResultCode, type AuthOptions } from '@lightdesk/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test, vi } from 'vitest';
import { renderWithProviders, testI18n } from '../../components/test-utils';
import common from '../../locales/en-US/common.json';

const api = vi.hoisted(() => ({
  fetchAuthOptions: vi.fn<() => Promise<AuthOptions>>(),
  fetchCaptcha: vi.fn(),
  login: vi.fn(),
  sendSmsCode: vi.fn(),
  smsLogin: vi.fn(),
  startSocialSignIn: vi.fn(),
  socialLogin: vi.fn(),
}));
vi.mock('./api', () => api);
vi.mock('./use-complete-sign-in', () => ({ useCompleteSignIn: () => vi.fn() }));

beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  // Until the options arrive the screen assumes a captcha.
  api.fetchCaptcha.mockResolvedValue({ captchaId: 'c1', image: 'data:image/png;base64,', expiresIn: 120 });
  // The screen asks for its options once per page load: each test is a fresh page (and so
  // imports the screen, and what it checks errors against, afresh).
  vi.resetModules();
});

/** `/login2`, SMS first, on a server answering these options. */
async function openLogin2(options: Omit<AuthOptions, 'socialProviders'>) {
  let answer: (options: AuthOptions) => void = () => undefined;
  api.fetchAuthOptions.mockReturnValue(new Promise((resolve) => (answer = resolve)));
  const { Login2Page } = await import('./login-page');
  const i18n = testI18n(common);
  i18n.setDefaultNamespace('common');
  renderWithProviders(<Login2Page />, { i18n });
  await act(async () => answer({ ...options, socialProviders: [] }));
}

test('without an SMS gateway the sign-in screen offers no SMS tab, even on the layout that puts SMS first', async () => {
  await openLogin2({ captchaEnabled: false, smsEnabled: false });
  expect(screen.queryByRole('tablist')).toBeNull();
  expect(screen.queryByTestId('login-tab-sms')).toBeNull();
  expect(screen.getByTestId('login-username')).toBeVisible();
  expect(screen.getByText('Sign in to manage your stores, luminaires and analytics.')).toBeVisible();
});

test('with an SMS gateway the SMS tab is offered, and chosen first on that layout', async () => {
  await openLogin2({ captchaEnabled: false, smsEnabled: true });
  expect(screen.getByTestId('login-tab-sms')).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByTestId('login-tab-password')).toHaveAttribute('aria-selected', 'false');
  expect(await screen.findByTestId('sms-mobile')).toBeVisible();
  expect(screen.getByText('Sign in with a one-time code sent to your phone.')).toBeVisible();
});

test('a code the gateway could not send is told under the code field, and no code is promised', async () => {
  await openLogin2({ captchaEnabled: false, smsEnabled: true });
  const { ApiError } = await import('../../lib/http');
  const text = 'The text message could not be sent. Please try again later.';
  api.sendSmsCode.mockRejectedValue(new ApiError({ code: ResultCode.refusal, msg: '', egMsg: '', key: 'sms.send-failed', data: null }, text));
  fireEvent.change(await screen.findByTestId('sms-mobile'), { target: { value: '+31612345678' } });
  await userEvent.click(screen.getByTestId('sms-send'));
  expect(await screen.findByRole('alert')).toHaveTextContent(text);
  expect(screen.queryByText(/We sent a code/)).toBeNull();
  expect(screen.getByTestId('sms-send')).toBeEnabled();
});
