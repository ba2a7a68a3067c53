import { appUserApi, appUserSettingsApi, type AppUser, type AppUserSettings } from '@lightdesk/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test-utils';
import { setUpAppUsers } from '../shared/app-users-test-kit';
import { storeTestI18n } from '../shared/store-test-i18n';
import { UserAdvancedPage } from './user-advanced-page';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));

const DEFAULTS = { maxStores: 10, maxDevicesPerStore: 500, heatmap: true, customerCounting: true, retentionDays: 365 };
type Own = Pick<AppUserSettings, 'maxStores' | 'maxDevicesPerStore' | 'heatmap' | 'customerCounting' | 'retentionDays'>;
const NONE: Own = { maxStores: null, maxDevicesPerStore: null, heatmap: null, customerCounting: null, retentionDays: null };
const settings = (id: number, own: Partial<Own>): AppUserSettings => ({
  id,
  email: `demo.user${id}@example.com`,
  mobile: '',
  nickname: `Demo ${id}`,
  ...NONE,
  ...own,
  effective: { ...DEFAULTS, ...Object.fromEntries(Object.entries(own).filter(([, v]) => v !== null)) },
  updatedAt: '2026-01-02T03:04:05.000Z',
});
const ROWS = [settings(3, { maxStores: 3, heatmap: false })];
const user10: AppUser = {
  id: 10,
  email: 'demo.user10@example.com',
  mobile: '',
  nickname: 'Demo 10',
  countryCode: 'NL',
  status: 0,
  registerDate: '2026-01-02T03:04:05.000Z',
  lastLoginAt: null,
  lastLoginIp: '',
  storeCount: 2,
  adminStoreCount: 1,
};

beforeEach(() => {
  server.reset();
  server.answer(appUserSettingsApi.page, { list: ROWS, total: 1 });
  server.answer(appUserApi.page, (q) => ({ list: q.email && !'demo.user10@example.com'.includes(q.email) ? [] : [user10], total: 1 }));
  server.answer(appUserSettingsApi.get, (q) => settings(Number(q.id), {}));
});

/** In the add dialog: finds demo.user10 by e-mail, waits for their stored settings to be asked for, and types a store limit of 2. */
async function pickUser10AndTypeMaxStores(dialog: HTMLElement) {
  const picker = within(dialog).getByRole('combobox', { name: 'App user' });
  fireEvent.mouseDown(picker);
  await userEvent.type(picker, 'user10');
  fireEvent.click(await screen.findByTitle('demo.user10@example.com (Demo 10)'));
  await waitFor(() => expect(server.sent(appUserSettingsApi.get)).toEqual([{ id: 10 }]));
  await userEvent.type(within(dialog).getByLabelText('Maximum stores'), '2');
}

describe('User advanced settings', () => {
  test("each setting shows the person's own value, else the platform default that applies", async () => {
    setUpAppUsers();
    renderWithProviders(<UserAdvancedPage />, { i18n: storeTestI18n() });
    const row = (await screen.findByText('demo.user3@example.com')).closest('tr')!;
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells.slice(3, 8)).toEqual(['3', 'Platform default (500)', 'Off', 'Platform default (On)', 'Platform default (365)']);
  });

  test('adding picks the person by email and sends null for every setting left at the default', async () => {
    setUpAppUsers();
    renderWithProviders(<UserAdvancedPage />, { i18n: storeTestI18n() });
    await screen.findByText('demo.user3@example.com');
    await userEvent.click(screen.getByTestId('list-create'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please select the App user')).toBeInTheDocument();

    await pickUser10AndTypeMaxStores(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.sent(appUserSettingsApi.update)).toEqual([{ id: 10, ...NONE, maxStores: 2 }]));
    expect(server.sent(appUserApi.page).at(-1)).toMatchObject({ email: 'user10' });
  });

  test("a limit typed while the person's stored settings are still loading is kept; the others come from the store", async () => {
    let load = (_settings: AppUserSettings) => {};
    server.answer(appUserSettingsApi.get, () => new Promise<AppUserSettings>((resolve) => (load = resolve)));
    setUpAppUsers();
    renderWithProviders(<UserAdvancedPage />, { i18n: storeTestI18n() });
    await screen.findByText('demo.user3@example.com');
    await userEvent.click(screen.getByTestId('list-create'));
    const dialog = await screen.findByRole('dialog');
    await pickUser10AndTypeMaxStores(dialog);

    load(settings(10, { maxStores: 5, retentionDays: 30 }));
    await waitFor(() => expect(within(dialog).getByLabelText('Data retention (days)')).toHaveValue('30'));
    expect(within(dialog).getByLabelText('Maximum stores')).toHaveValue('2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.sent(appUserSettingsApi.update)).toEqual([{ id: 10, ...NONE, maxStores: 2, retentionDays: 30 }]));
  });

  test('editing turns a feature off and a limit back to the default, refusing what the contract refuses', async () => {
    setUpAppUsers();
    renderWithProviders(<UserAdvancedPage />, { i18n: storeTestI18n() });
    await userEvent.click(await screen.findByTestId('row-edit'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('demo.user3@example.com (Demo 3)');
    const retention = within(dialog).getByLabelText('Data retention (days)');
    await userEvent.type(retention, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/at least 1/i)).toBeInTheDocument();
    expect(server.sent(appUserSettingsApi.update)).toEqual([]);

    await userEvent.clear(retention);
    await userEvent.clear(within(dialog).getByLabelText('Maximum stores'));
    await userEvent.click(within(within(dialog).getByRole('radiogroup', { name: 'Heatmap' })).getByText('Platform default'));
    await userEvent.click(within(within(dialog).getByRole('radiogroup', { name: 'Customer counting' })).getByText('Off'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.sent(appUserSettingsApi.update)).toEqual([{ id: 3, ...NONE, customerCounting: false }]));
  });

  test('reset to defaults asks first, then clears the person', async () => {
    setUpAppUsers();
    renderWithProviders(<UserAdvancedPage />, { i18n: storeTestI18n() });
    await userEvent.click(await screen.findByTestId('advanced-clear'));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Reset Demo 3 to the platform defaults?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reset to defaults' }));
    await waitFor(() => expect(server.sent(appUserSettingsApi.clear)).toEqual([{ id: 3 }]));
  });

  test('who may only read sees no add, edit or reset', async () => {
    setUpAppUsers(['system:user-advanced:query']);
    renderWithProviders(<UserAdvancedPage />, { i18n: storeTestI18n() });
    await screen.findByText('demo.user3@example.com');
    expect(screen.queryByTestId('list-create')).toBeNull();
    expect(screen.queryByTestId('row-edit')).toBeNull();
    expect(screen.queryByTestId('advanced-clear')).toBeNull();
  });
});
