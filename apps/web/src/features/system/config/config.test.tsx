import { configApi, type ConfigEntry } from '@lightdesk/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test-utils';
import { setUpPeople } from '../shared/people-test-kit';
import { systemTestI18n } from '../shared/system-test-i18n';
import { ConfigPage } from './config-page';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));

const at = '2025-01-02T03:04:05.000Z';
const CONFIGS: ConfigEntry[] = [
  {
    id: 1,
    key: 'security.captcha.enabled',
    name: 'Captcha on sign-in',
    value: 'true',
    valueType: 'boolean',
    visibility: 'none',
    remark: '',
    builtIn: true,
    createdAt: at,
  },
  {
    id: 2,
    key: 'store.opening-hours',
    name: 'Opening hours',
    value: '{"from":9}',
    valueType: 'json',
    visibility: 'none',
    remark: '',
    builtIn: false,
    createdAt: at,
  },
];

beforeEach(() => {
  server.reset();
  server.answer(configApi.page, { list: CONFIGS, total: 2 });
});

const rowOf = (key: string) => screen.getAllByRole('row').find((r) => r.textContent?.includes(key))!;

describe('Parameter settings', () => {
  test('built-in entries cannot be deleted, custom ones can', async () => {
    setUpPeople();
    renderWithProviders(<ConfigPage />, { i18n: systemTestI18n() });
    await screen.findByText('store.opening-hours');
    expect(within(rowOf('security.captcha.enabled')).getByText('Built-in')).toBeInTheDocument();
    expect(within(rowOf('security.captcha.enabled')).queryByTestId('row-delete')).toBeNull();
    expect(within(rowOf('security.captcha.enabled')).getByTestId('row-edit')).toBeInTheDocument();
    expect(within(rowOf('store.opening-hours')).getByTestId('row-delete')).toBeInTheDocument();
  });

  test('a built-in boolean is edited with a switch; its key and type are read-only; it is saved as text', async () => {
    setUpPeople();
    renderWithProviders(<ConfigPage />, { i18n: systemTestI18n() });
    await screen.findByText('store.opening-hours');
    await userEvent.click(within(rowOf('security.captcha.enabled')).getByTestId('row-edit'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('config-key')).toBeDisabled();
    expect(within(dialog).getByTestId('config-type').closest('.ant-select')).toHaveClass('ant-select-disabled');
    const value = within(dialog).getByTestId('config-value');
    expect(value).toHaveAttribute('role', 'switch');
    expect(value).toBeChecked();
    await userEvent.click(value);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.sent(configApi.update)).toEqual([
        { id: 1, key: 'security.captcha.enabled', name: 'Captcha on sign-in', valueType: 'boolean', value: 'false', visibility: 'none', remark: '' },
      ]),
    );
  });

  test('a JSON value must be valid JSON before it is sent', async () => {
    setUpPeople();
    renderWithProviders(<ConfigPage />, { i18n: systemTestI18n() });
    await screen.findByText('store.opening-hours');
    await userEvent.click(within(rowOf('store.opening-hours')).getByTestId('row-edit'));
    const dialog = await screen.findByRole('dialog');
    const value = within(dialog).getByTestId('config-value');
    expect(value).toHaveValue('{"from":9}');
    fireEvent.change(value, { target: { value: '{"from": 9,' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter valid JSON')).toBeInTheDocument();
    expect(server.sent(configApi.update)).toEqual([]);

    fireEvent.change(value, { target: { value: '{"from": 9, "to": 21}' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.sent(configApi.update)).toEqual([expect.objectContaining({ id: 2, value: '{"from": 9, "to": 21}', valueType: 'json' })]));
  });

  test('a new parameter is readable by nobody unless marked; the choice is sent', async () => {
    setUpPeople();
    renderWithProviders(<ConfigPage />, { i18n: systemTestI18n() });
    await screen.findByText('store.opening-hours');
    expect(within(rowOf('store.opening-hours')).getByText('Nobody (this screen only)')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('list-create'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('config-name'), { target: { value: 'Welcome text' } });
    fireEvent.change(within(dialog).getByTestId('config-key'), { target: { value: 'store.welcome' } });
    expect(within(dialog).getByText('Nobody (this screen only)')).toBeInTheDocument();
    fireEvent.mouseDown(
      within(dialog.querySelector<HTMLElement>('[data-testid="config-visibility"]')!.closest<HTMLElement>('.ant-select')!).getByRole('combobox'),
    );
    fireEvent.click(await screen.findByTitle("All staff, agents' included"));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.sent(configApi.create)).toEqual([expect.objectContaining({ key: 'store.welcome', visibility: 'all' })]));
  });

  test('a reader sees neither create, export, edit nor delete', async () => {
    setUpPeople(['system:config:query']);
    renderWithProviders(<ConfigPage />, { i18n: systemTestI18n() });
    await screen.findByText('store.opening-hours');
    expect(screen.queryByTestId('list-create')).toBeNull();
    expect(screen.queryByTestId('list-export')).toBeNull();
    expect(screen.queryByTestId('row-edit')).toBeNull();
  });
});
