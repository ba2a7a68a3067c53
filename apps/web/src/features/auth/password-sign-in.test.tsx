import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../components/test-utils';
import type { MessageKey } from '@lightdesk/contract';
import { ApiError } from '../../lib/http';
import { fetchCaptcha, login } from './api';
import { PasswordSignIn } from './password-sign-in';

vi.mock('./api', () => ({ login: vi.fn(), fetchCaptcha: vi.fn() }));
vi.mock('./use-complete-sign-in', () => ({ useCompleteSignIn: () => vi.fn() }));

const refusal = (key: MessageKey) => new ApiError({ code: 400, msg: '', egMsg: '', key, data: null }, key);

test('with the captcha off, the form asks for it once the server demands it after repeated failures', async () => {
  vi.mocked(fetchCaptcha).mockResolvedValue({ captchaId: 'c1', image: 'data:image/png;base64,AA==', expiresIn: 120 });
  vi.mocked(login).mockRejectedValueOnce(refusal('auth.captcha-required')).mockRejectedValueOnce(refusal('auth.bad-credentials'));
  renderWithProviders(<PasswordSignIn captchaEnabled={false} remember={{ value: false, set: () => undefined }} />);
  expect(screen.queryByTestId('login-captcha')).toBeNull();

  fireEvent.change(screen.getByTestId('login-username'), { target: { value: 'operator' } });
  fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'not-the-password' } });
  await userEvent.click(screen.getByTestId('login-submit'));
  expect(vi.mocked(login).mock.calls[0]![0]).toMatchObject({ username: 'operator', captchaVerification: undefined });

  fireEvent.change(await screen.findByTestId('login-captcha'), { target: { value: 'AB23' } });
  await waitFor(() => expect(fetchCaptcha).toHaveBeenCalled());
  await userEvent.click(screen.getByTestId('login-submit'));
  await waitFor(() => expect(vi.mocked(login).mock.calls[1]![0]).toMatchObject({ captchaVerification: 'c1:AB23' }));
});
