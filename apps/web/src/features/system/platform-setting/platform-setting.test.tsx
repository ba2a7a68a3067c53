import type { PlatformSetting } from '@lightdesk/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test-utils';
import { answerGets, fakeApi, resetApi, setUpPeople } from '../shared/people-test-kit';
import { systemTestI18n } from '../shared/system-test-i18n';
import { PlatformSettingPage } from './platform-setting-page';

vi.mock('../../../lib/http', async (original) => ({ ...(await original<object>()), api: (await import('../shared/people-test-kit')).fakeApi }));
const api = fakeApi;

const SETTINGS: PlatformSetting = { platformName: 'Lightdesk', defaultBrand: 'lightdesk', registrationOpen: true, dataRetentionDays: 365, supportEmail: '' };

beforeEach(() => {
  resetApi();
  answerGets({ '/system/platform-setting/get': SETTINGS });
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
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(api.put).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId('platform-email'), { target: { value: 'help@nordlicht.example' } });
    await userEvent.click(screen.getByTestId('platform-save'));
    await waitFor(() =>
      expect(api.put).toHaveBeenCalledWith('/system/platform-setting/update', {
        platformName: 'Nordlicht Cloud',
        defaultBrand: 'lightdesk',
        registrationOpen: false,
        dataRetentionDays: 365,
        supportEmail: 'help@nordlicht.example',
      }),
    );
  });

  test('without the update permission the form is read-only and has no save button', async () => {
    setUpPeople(['system:platform-setting:query']);
    renderWithProviders(<PlatformSettingPage />, { i18n: systemTestI18n() });
    expect(await screen.findByTestId('platform-name')).toBeDisabled();
    expect(screen.queryByTestId('platform-save')).toBeNull();
  });
});
