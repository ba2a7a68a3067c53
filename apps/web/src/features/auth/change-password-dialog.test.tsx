import { authApi } from '@lightdesk/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { renderWithProviders, testI18n } from '../../components/test-utils';
import common from '../../locales/en-US/common.json';
import { ChangePasswordDialog } from './change-password-dialog';

const server = await vi.hoisted(async () => (await import('../../test/fake-server')).fakeServer());
vi.mock('../../lib/http/clients', (original) => server.clientsModule(original));

beforeEach(() => server.reset());
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

// The dialog words itself from the app's default namespace.
const i18n = () => {
  const instance = testI18n(common);
  instance.setDefaultNamespace('common');
  return instance;
};
const fill = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

test('the new password is checked by the contract before anything is sent, then changed for the signed-in account', async () => {
  const onChanged = vi.fn();
  renderWithProviders(<ChangePasswordDialog open username="operator" onClose={() => {}} onChanged={onChanged} />, { i18n: i18n() });
  fill('password-old', 'Old-secret#1');
  fill('password-new', 'short');
  fill('password-confirm', 'short');
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
  expect(await screen.findByText('The password must be 8 to 64 characters long')).toBeInTheDocument();
  expect(server.sent(authApi.updatePassword)).toEqual([]);

  fill('password-new', 'Brand-new#2026');
  fill('password-confirm', 'Brand-new#2026');
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
  await waitFor(() => expect(onChanged).toHaveBeenCalled());
  expect(server.sent(authApi.updatePassword)).toEqual([{ username: 'operator', oldPassword: 'Old-secret#1', newPassword: 'Brand-new#2026' }]);
});
