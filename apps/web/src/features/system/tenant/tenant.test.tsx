import { tenantApi, tenantPackageApi, type DictData, type Tenant } from '@lightdesk/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { useDictStore } from '../../../components/dict-store';
import { renderWithProviders } from '../../../components/test-utils';
import { ApiError } from '../../../lib/http';
import { setNotifier } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { systemTestI18n } from '../shared/system-test-i18n';
import { TenantForm } from './tenant-form';
import { TenantPage } from './tenant-page';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));

const status = (value: string, label: string, colorType: string): DictData => ({
  dictType: 'common_status',
  value,
  label,
  colorType,
  cssClass: '',
  sort: Number(value),
});
const agent = (over: Partial<Tenant>): Tenant => ({
  id: 2,
  code: 'northwind',
  name: 'Northwind Retail',
  type: 'agent',
  status: 0,
  expiresAt: null,
  contactName: 'Nora North',
  contactMobile: '13800000002',
  staffQuota: 20,
  packageId: 7,
  packageName: 'Retail basic',
  staffCount: 3,
  remark: '',
  createdAt: '2025-01-02T03:04:05.000Z',
  ...over,
});
const AGENTS = [agent({}), agent({ id: 3, code: 'lapsed', name: 'Lapsed Lights', expiresAt: '2024-01-31T15:59:59.999Z', staffQuota: null, staffCount: 1 })];

const signIn = (permissions: string[]) =>
  act(() => useSession.getState().setIdentity({ user: { id: 1, avatar: '', userName: 'admin', nickname: 'Admin' }, roles: ['admin'], permissions }));

beforeEach(() => {
  server.reset();
  server.answer(tenantApi.page, { list: AGENTS, total: AGENTS.length });
  server.answer(tenantPackageApi.listAllSimple, [{ id: 7, name: 'Retail basic' }]);
  // Not declared in the contract yet.
  setNotifier({ error: () => {}, success: () => {} });
  act(() => useDictStore.getState().setAll([status('0', 'Enabled', 'success'), status('1', 'Disabled', 'info')]));
  signIn(['*:*:*']);
});

const dialog = () => screen.getByRole('dialog');
const save = () => userEvent.click(dialog().querySelector<HTMLButtonElement>('.ant-modal-footer .ant-btn-primary')!);
const field = (testId: string) => within(dialog()).getByTestId(testId);

describe('agent form', () => {
  test('checks every rule before sending, then creates the agent with its first administrator', async () => {
    const onClose = vi.fn();
    renderWithProviders(<TenantForm onClose={onClose} />, { i18n: systemTestI18n() });

    await save();
    for (const message of [
      'Please enter the Agent code',
      'Please enter the Agent name',
      'Please select the Agent package',
      'Please enter the Admin username',
      'Please enter the Admin password',
    ]) {
      expect(await within(dialog()).findByText(message)).toBeInTheDocument();
    }

    await userEvent.type(field('tenant-code'), 'saas');
    await userEvent.type(field('tenant-name'), '  Acme Lighting ');
    await userEvent.type(field('tenant-contact-mobile'), 'call me');
    await userEvent.type(field('tenant-admin-username'), 'acme-admin');
    await userEvent.type(field('tenant-admin-password'), 'secret-pass-1');
    await userEvent.type(field('tenant-admin-confirm'), 'secret-pass-2');
    await save();
    expect(await within(dialog()).findByText('This code is reserved for the platform')).toBeInTheDocument();
    expect(within(dialog()).getByText('Please enter a valid mobile number (6–15 digits, optional +)')).toBeInTheDocument();
    expect(within(dialog()).getByText('The two passwords do not match')).toBeInTheDocument();
    expect(server.sent(tenantApi.create)).toEqual([]);

    await userEvent.clear(field('tenant-code'));
    await userEvent.type(field('tenant-code'), 'acme');
    await userEvent.clear(field('tenant-contact-mobile'));
    await userEvent.type(field('tenant-contact-mobile'), '13800000009');
    await userEvent.clear(field('tenant-admin-confirm'));
    await userEvent.type(field('tenant-admin-confirm'), 'secret-pass-1');
    fireEvent.mouseDown(within(field('tenant-package').closest<HTMLElement>('.ant-select')!).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Retail basic'));
    await save();

    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(server.sent(tenantApi.create)).toEqual([
      {
        code: 'acme',
        name: 'Acme Lighting',
        contactName: '',
        contactMobile: '13800000009',
        packageId: 7,
        expiresAt: null,
        staffQuota: null,
        status: 0,
        remark: '',
        adminUsername: 'acme-admin',
        adminPassword: 'secret-pass-1',
      },
    ]);
  });

  test('a taken admin username is shown under that field', async () => {
    const onClose = vi.fn();
    const taken = new ApiError(
      { code: 409, msg: '', egMsg: 'That adminUsername is already taken', key: 'common.duplicate', params: { field: 'adminUsername' }, data: null },
      'That adminUsername is already taken',
    );
    server.answer(tenantApi.create, () => Promise.reject(taken));
    renderWithProviders(<TenantForm onClose={onClose} />, { i18n: systemTestI18n() });
    await userEvent.type(field('tenant-code'), 'acme');
    await userEvent.type(field('tenant-name'), 'Acme');
    fireEvent.mouseDown(within(field('tenant-package').closest<HTMLElement>('.ant-select')!).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Retail basic'));
    await userEvent.type(field('tenant-admin-username'), 'agent');
    await userEvent.type(field('tenant-admin-password'), 'secret-pass-1');
    await userEvent.type(field('tenant-admin-confirm'), 'secret-pass-1');
    await save();
    const item = field('tenant-admin-username').closest<HTMLElement>('.ant-form-item')!;
    expect(await within(item).findByText('That adminUsername is already taken')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  test('editing hides the code and the administrator account, and sends the update', async () => {
    const onClose = vi.fn();
    renderWithProviders(<TenantForm row={AGENTS[1]} onClose={onClose} />, { i18n: systemTestI18n() });
    expect(within(dialog()).queryByTestId('tenant-code')).toBeNull();
    expect(within(dialog()).queryByTestId('tenant-admin-username')).toBeNull();
    await userEvent.clear(field('tenant-name'));
    await userEvent.type(field('tenant-name'), 'Lapsed Lighting');
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(server.sent(tenantApi.update)).toEqual([
      expect.objectContaining({ id: 3, name: 'Lapsed Lighting', packageId: 7, expiresAt: '2024-01-31T15:59:59.999Z', staffQuota: null, status: 0 }),
    ]);
  });
});

describe('agents list', () => {
  test('marks a past expiry as expired and shows the staff against the quota', async () => {
    renderWithProviders(<TenantPage />, { i18n: systemTestI18n() });
    const lapsed = (await screen.findByText('Lapsed Lights')).closest('tr')!;
    expect(within(lapsed).getByTestId('tenant-expired')).toHaveTextContent('Expired');
    expect(within(lapsed).getByText('1 / ∞')).toBeInTheDocument();
    const northwind = screen.getByText('Northwind Retail').closest('tr')!;
    expect(within(northwind).queryByTestId('tenant-expired')).toBeNull();
    expect(within(northwind).getByText('Never')).toBeInTheDocument();
    expect(within(northwind).getByText('3 / 20')).toBeInTheDocument();
  });

  test('the switch disables an agent after a confirmation', async () => {
    renderWithProviders(<TenantPage />, { i18n: systemTestI18n() });
    const row = (await screen.findByText('Northwind Retail')).closest('tr')!;
    await userEvent.click(within(row).getByTestId('tenant-status'));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Disable agent "Northwind Retail"?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(server.sent(tenantApi.updateStatus)).toEqual([{ id: 2, status: 1 }]));
  });

  test('the platform row is listed but locked: no switch, no edit, no delete', async () => {
    const platform = agent({ id: 1, code: 'saas', name: 'Lightdesk platform', type: 'platform', packageId: null, packageName: null });
    server.answer(tenantApi.page, { list: [platform, AGENTS[0]!], total: 2 });
    renderWithProviders(<TenantPage />, { i18n: systemTestI18n() });
    const locked = (await screen.findByText('Lightdesk platform')).closest('tr')!;
    expect(within(locked).getByText('Platform')).toBeInTheDocument();
    expect(within(locked).queryByTestId('tenant-status')).toBeNull();
    expect(within(locked).queryByTestId('row-edit')).toBeNull();
    expect(within(locked).queryByTestId('row-delete')).toBeNull();
    const open = screen.getByText('Northwind Retail').closest('tr')!;
    expect(within(open).getByTestId('row-edit')).toBeInTheDocument();
  });

  test('a user who may only look sees no create button, no switch and no row actions', async () => {
    signIn(['system:tenant:query']);
    renderWithProviders(<TenantPage />, { i18n: systemTestI18n() });
    await screen.findByText('Northwind Retail');
    expect(screen.queryByTestId('list-create')).toBeNull();
    expect(screen.queryByTestId('list-export')).toBeNull();
    expect(screen.queryByTestId('tenant-status')).toBeNull();
    expect(screen.queryAllByTestId('row-edit')).toHaveLength(0);
    expect(screen.getAllByText('Enabled')[0]).toHaveClass('ant-tag');
  });
});
