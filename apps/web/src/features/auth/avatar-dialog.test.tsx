import { staffApi } from '@lightdesk/contract';
import type { ResourceKey } from 'i18next';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { renderWithProviders, testI18n } from '../../components/test-utils';
import { useSession } from '../../lib/session';
import { AvatarDialog } from './avatar-dialog';

const server = await vi.hoisted(async () => (await import('../../test/fake-server')).fakeServer());
vi.mock('../../lib/http/clients', (original) => server.clientsModule(original));

const profile = import.meta.glob<ResourceKey>('../../locales/en-US/profile.json', { eager: true, import: 'default' });
const i18n = () => {
  const instance = testI18n();
  instance.addResourceBundle('en-US', 'profile', Object.values(profile)[0]!);
  return instance;
};
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d])], 'me.png', { type: 'image/png' });
const input = () => document.querySelector<HTMLInputElement>('input[type=file]')!;
const preview = () => screen.getByTestId('avatar-preview').querySelector('img')!;

beforeEach(() => {
  server.reset();
  act(() => useSession.getState().setIdentity({ user: { id: 1, avatar: '', userName: 'admin', nickname: 'Admin' }, roles: ['admin'], permissions: [] }));
});
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

test('an uploaded picture becomes the signed-in user’s avatar at once', async () => {
  const link = '/open/files/abc?expires=1&signature=x';
  server.answer(staffApi.updateAvatar, { avatar: link });
  renderWithProviders(<AvatarDialog open onClose={() => {}} />, { i18n: i18n() });
  expect(screen.getByText('Profile picture')).toBeInTheDocument();
  expect(preview().getAttribute('src')).toContain('avatar-default.svg');
  await userEvent.upload(input(), png());
  await waitFor(() => expect(useSession.getState().user?.avatar).toBe(link));
  // The endpoint declares no body schema: the form goes as it was sent.
  const [form] = server.sent(staffApi.updateAvatar) as unknown as { file: File }[];
  expect(form!.file.name).toBe('me.png');
  expect(preview().getAttribute('src')).toBe(link);
});

test('a file that is not a picture is refused before it is sent', async () => {
  renderWithProviders(<AvatarDialog open onClose={() => {}} />, { i18n: i18n() });
  await userEvent.setup({ applyAccept: false }).upload(input(), new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'me.svg'));
  expect(await screen.findByText('Only JPG, PNG, GIF, WebP files are accepted')).toBeInTheDocument();
  expect(server.sent(staffApi.updateAvatar)).toEqual([]);
});
