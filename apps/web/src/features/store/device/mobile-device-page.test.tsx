import { mobileDeviceApi, type MobileDevice } from '@lightdesk/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, signedInWith } from '../../../components/test-utils';
import { storeTestI18n } from '../shared/store-test-i18n';
import { MobileDevicePage } from './mobile-device-page';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));

const phone = (id: number, platform: MobileDevice['platform'], model: string): MobileDevice => ({
  id,
  appUserId: id,
  email: `demo.user0${id}@example.com`,
  nickname: `User ${id}`,
  platform,
  model,
  osVersion: platform === 'ios' ? '17.5' : '14',
  appVersion: '3.2.0',
  lastActiveAt: '2026-01-02T03:04:05.000Z',
  createDate: '2025-12-01T03:04:05.000Z',
});

beforeEach(() => {
  server.reset();
  server.answer(mobileDeviceApi.page, { list: [phone(1, 'ios', 'iPhone 15'), phone(2, 'android', 'Pixel 8')], total: 2 });
});

describe('Mobile devices', () => {
  test('shows each phone’s platform as a badge', async () => {
    signedInWith();
    renderWithProviders(<MobileDevicePage />, { i18n: storeTestI18n() });
    const row = (await screen.findByText('Pixel 8')).closest('tr')!;
    expect(within(row).getByText('Android')).toHaveClass('ant-tag');
    expect(within(screen.getByText('iPhone 15').closest('tr')!).getByText('iOS')).toHaveClass('ant-tag');
  });

  test('the platform filter is sent with the email and model', async () => {
    signedInWith();
    renderWithProviders(<MobileDevicePage />, { i18n: storeTestI18n() });
    await screen.findByText('Pixel 8');
    const search = screen.getByTestId('list-search');
    await userEvent.type(within(search).getByLabelText('User email'), 'demo.user01');
    await userEvent.type(within(search).getByLabelText('Phone model'), 'iPhone');
    fireEvent.mouseDown(within(search).getByRole('combobox', { name: 'Platform' }));
    fireEvent.click(await screen.findByTitle('iOS'));
    await userEvent.click(within(search).getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(server.sent(mobileDeviceApi.page).at(-1)).toEqual({ email: 'demo.user01', model: 'iPhone', platform: 'ios', page: 1, limit: 20 }),
    );
  });
});
