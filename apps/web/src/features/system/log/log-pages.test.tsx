import { loginLogApi, operateLogApi, smsLogApi, tenantApi, type DictData, type LoginLog, type OperateLog, type SmsLog, type Tenant } from '@lightdesk/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { useDictStore } from '../../../components/dict-store';
import { renderWithProviders } from '../../../components/test-utils';
import { clearAuth, saveAuth } from '../../../lib/auth-token';
import { useSession } from '../../../lib/session';
import { systemTestI18n } from '../shared/system-test-i18n';
import { LoginLogPage } from './login-log-page';
import { OperateLogPage } from './operate-log-page';
import { SmsLogPage } from './sms-log-page';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const LOGINS: LoginLog[] = [
  {
    id: 2,
    tenantId: 5,
    userId: 9,
    username: 'acme-admin',
    kind: 'password',
    result: 'tenant-disabled',
    ip: '10.0.0.8',
    userAgent: CHROME,
    createdAt: '2025-05-06T07:08:09.000Z',
  },
  {
    id: 1,
    tenantId: 5,
    userId: 9,
    username: 'acme-admin',
    kind: 'logout',
    result: 'success',
    ip: '10.0.0.8',
    userAgent: CHROME,
    createdAt: '2025-05-06T07:00:00.000Z',
  },
];
const OPERATION: OperateLog = {
  id: 1,
  tenantId: 1,
  userId: 1,
  username: 'admin',
  module: 'system/tenant',
  action: 'Create (system:tenant)',
  method: 'POST',
  path: '/api/system/tenant/create',
  params: '{"code":"acme","adminPassword":"******"}',
  resultCode: 200,
  durationMs: 1234,
  ip: '127.0.0.1',
  userAgent: CHROME,
  createdAt: '2025-05-06T07:08:09.000Z',
};
const SMS: SmsLog = {
  id: 1,
  mobile: '13800000002',
  template: 'login-code',
  content: 'Lightdesk sign-in code: ******. Valid for 5 minutes.',
  status: 'recorded',
  createdAt: '2025-05-06T07:08:09.000Z',
};
const AGENTS: Tenant[] = [
  {
    id: 5,
    code: 'acme',
    name: 'Acme Lighting',
    type: 'agent',
    status: 0,
    expiresAt: null,
    contactName: '',
    contactMobile: '',
    staffQuota: null,
    packageId: 7,
    packageName: 'Retail basic',
    staffCount: 1,
    remark: '',
    createdAt: '2025-01-02T03:04:05.000Z',
  },
];

const dict = (value: string, label: string, colorType: string): DictData => ({
  dictType: 'system_login_result',
  value,
  label,
  colorType,
  cssClass: '',
  sort: 0,
});
const signInAs = (tenantType: 'platform' | 'agent', permissions: string[]) => {
  saveAuth(
    { accessToken: 't', expiresAt: '2099-01-01T00:00:00.000Z', idleTimeout: 1800, userId: 1, tenantId: 1, tenantCode: 'saas', tenantType },
    { remember: false },
  );
  act(() => useSession.getState().setIdentity({ user: { id: 1, avatar: '', userName: 'admin', nickname: 'Admin' }, roles: ['admin'], permissions }));
};

beforeEach(() => {
  server.reset();
  server.answer(loginLogApi.page, { list: LOGINS, total: LOGINS.length });
  server.answer(operateLogApi.page, { list: [OPERATION], total: 1 });
  server.answer(smsLogApi.page, { list: [SMS], total: 1 });
  server.answer(tenantApi.page, { list: AGENTS, total: AGENTS.length });
  act(() => useDictStore.getState().setAll([dict('success', 'Success', 'success'), dict('tenant-disabled', 'Agent disabled', 'info')]));
  signInAs('platform', ['*:*:*']);
});
afterEach(() => clearAuth());

describe('login log', () => {
  test('shows each attempt with its kind, its result tag from the dictionary and a short browser', async () => {
    renderWithProviders(<LoginLogPage />, { i18n: systemTestI18n() });
    const refused = (await screen.findByText('Password sign-in')).closest('tr')!;
    expect(within(refused).getByText('Agent disabled')).toHaveAttribute('data-dict-value', 'tenant-disabled');
    expect(within(refused).getByText('Chrome 131 · Windows')).toBeInTheDocument();
    expect(screen.getByText('Sign-out')).toBeInTheDocument();
  });

  test('platform staff pick an agent to read its rows', async () => {
    renderWithProviders(<LoginLogPage />, { i18n: systemTestI18n() });
    await screen.findByText('Password sign-in');
    await userEvent.click(within(screen.getByTestId('log-agent-filter')).getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('Acme Lighting (acme)'));
    await userEvent.click(within(screen.getByTestId('list-search')).getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(server.sent(loginLogApi.page).at(-1)).toEqual({ tenantId: '5', page: 1, limit: 20 }));
  });

  test("an agent's staff read only their own rows: no agent filter", async () => {
    signInAs('agent', ['system:login-log:query', 'system:tenant:query']);
    renderWithProviders(<LoginLogPage />, { i18n: systemTestI18n() });
    await screen.findByText('Password sign-in');
    expect(screen.queryByTestId('log-agent-filter')).toBeNull();
    expect(screen.queryByTestId('list-export')).toBeNull();
  });
});

describe('operation log', () => {
  test('the details drawer shows the parameters, the result and how long it took', async () => {
    renderWithProviders(<OperateLogPage />, { i18n: systemTestI18n() });
    await userEvent.click(await screen.findByTestId('row-detail'));
    const drawer = await screen.findByTestId('operate-log-detail');
    await waitFor(() => expect(within(drawer).getByTestId('operate-log-params').textContent).toBe('{\n  "code": "acme",\n  "adminPassword": "******"\n}'));
    expect(within(drawer).getByText('1,234 ms')).toBeInTheDocument();
    expect(within(drawer).getByText('/api/system/tenant/create', { exact: false })).toBeInTheDocument();
  });
});

describe('SMS log', () => {
  test('shows the masked text and filters by mobile', async () => {
    renderWithProviders(<SmsLogPage />, { i18n: systemTestI18n() });
    expect(await screen.findByText('Lightdesk sign-in code: ******. Valid for 5 minutes.')).toBeInTheDocument();
    expect(screen.getByText('Sign-in code')).toBeInTheDocument();
    expect(screen.getByText('Recorded')).toBeInTheDocument();
    await userEvent.type(within(screen.getByTestId('list-search')).getAllByRole('textbox')[0]!, '1380');
    await userEvent.click(within(screen.getByTestId('list-search')).getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(server.sent(smsLogApi.page).at(-1)).toEqual({ mobile: '1380', page: 1, limit: 20 }));
  });
});
