import { platformSettingApi, type PlatformSetting } from '@lightdesk/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test-utils';
import { setUpPeople } from '../shared/people-test-kit';
import { systemTestI18n } from '../shared/system-test-i18n';
import { PlatformSettingPage } from './platform-setting-page';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));

// Not declared in the contract yet.

const SETTINGS: PlatformSetting = { platformName: 'Lightdesk', defaultBrand: 'lightdesk', registrationOpen: true, dataRetentionDays: 365, supportEmail: '' };

beforeEach(() => {
  server.reset();
  server.answer(platformSettingApi.get, SETTINGS);
});

describe('Platform settings', () => {
  test('shows the saved settings and saves the whole form, checking the email first', async () => {
    setUpPeople();
    renderWithProviders(<PlatformSettingPage />, { i18n: systemTestI18n() });
    const name = await screen.findByTestId('platform-name');
    expect(name).toHaveValue('Lightdesk');
    expect(screen.getByTestId('platform-retention')).toHaveValue('365');
    expect(screen.getByTestId('platform-registration')).toBeChecked();

    fireEvent.change(name, { target: { value: '  Nordlicht Cloud ' } });
    await userEvent.click(screen.getByTestId('platform-registration'));
    fireEvent.change(screen.getByTestId('platform-email'), { target: { value: 'not-an-address' } });
    await userEvent.click(screen.getByTestId('platform-save'));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(server.sent(platformSettingApi.update)).toEqual([]);

    fireEvent.change(screen.getByTestId('platform-email'), { target: { value: 'help@nordlicht.example' } });
    await userEvent.click(screen.getByTestId('platform-save'));
    await waitFor(() =>
      expect(server.sent(platformSettingApi.update)).toEqual([
        { platformName: 'Nordlicht Cloud', defaultBrand: 'lightdesk', registrationOpen: false, dataRetentionDays: 365, supportEmail: 'help@nordlicht.example' },
      ]),
    );
  });

  test('without the update permission the form is read-only and has no save button', async () => {
    setUpPeople(['system:platform-setting:query']);
    renderWithProviders(<PlatformSettingPage />, { i18n: systemTestI18n() });
    expect(await screen.findByTestId('platform-name')).toBeDisabled();
    expect(screen.queryByTestId('platform-save')).toBeNull();
  });
});
