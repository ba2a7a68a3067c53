import {
  liveStatusApi,
  storeActions,
  storeApi,
  storeAssignAgent,
  tenantApi,
  type LiveStatusChange,
  type Store,
  type StoreDetail,
  type Tenant,
} from '@lightdesk/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, signedInWith } from '../../../components/test-utils';
import { clearAuth, saveAuth } from '../../../lib/auth-token';
import { ApiError } from '../../../lib/http';
import { storeTestI18n } from '../shared/store-test-i18n';
import { StorePage } from './store-page';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));

const PLATFORM = 1;
const NORTHWIND = 5;
const STORE: Store = {
  id: 7,
  meshId: 'MESH-0007',
  meshName: 'Harbour Street',
  tenantId: PLATFORM,
  adminNickname: 'Ada',
  adminEmail: 'ada@example.com',
  latestLoginIp: '10.0.0.7',
  memberCount: 2,
  groupCount: 2,
  deviceCount: 3,
  onlineDeviceCount: 1,
  countryCode: 'NL',
  timezone: 'Europe/Amsterdam',
  address: 'Harbour Street 1',
  latitude: null,
  longitude: null,
  registerDate: '2025-03-04T05:06:07.000Z',
};
const DETAIL: StoreDetail = {
  ...STORE,
  members: [
    { appUserId: 3, role: 'admin', nickname: 'Ada', email: 'ada@example.com', mobile: '', joinedAt: '2025-03-04T05:06:07.000Z' },
    { appUserId: 23, role: 'member', nickname: 'Ben', email: '', mobile: '+31600000023', joinedAt: '2025-03-05T05:06:07.000Z' },
  ],
  groups: [
    { id: 11, groupCode: 1, groupName: 'Shelves', luminaireCount: 4 },
    { id: 12, groupCode: 2, groupName: 'Window', luminaireCount: 0 },
  ],
  devices: [
    { id: 31, kind: 'luminaire', deviceName: 'Spot 1', uuid: 'uuid-31', model: 'SP-10', groupId: 11, firmwareVersion: '1.2.0', online: true },
    { id: 32, kind: 'gateway', deviceName: 'Gateway', uuid: 'uuid-32', model: 'GW-2', groupId: null, firmwareVersion: '3.0.1', online: false },
  ],
  history: [
    { id: 5, kind: 'member-removed', actorKind: 'staff', actorId: 7, detail: { appUserId: 99 }, createdAt: '2025-03-08T05:06:07.000Z' },
    { id: 4, kind: 'admin-transferred', actorKind: 'staff', actorId: 1, detail: { from: 40, to: 3 }, createdAt: '2025-03-07T05:06:07.000Z' },
    { id: 3, kind: 'assigned-to-agent', actorKind: 'staff', actorId: 1, detail: { tenantId: NORTHWIND }, createdAt: '2025-03-06T05:06:07.000Z' },
    { id: 2, kind: 'member-joined', actorKind: 'app-user', actorId: 23, detail: { appUserId: 23 }, createdAt: '2025-03-05T05:06:07.000Z' },
    { id: 1, kind: 'created', actorKind: 'app-user', actorId: 40, detail: { meshName: 'Harbour Street' }, createdAt: '2025-03-04T05:06:07.000Z' },
  ],
  // Who the events name now, as the server looks them up: Cy (40) created the store and handed it
  // on, so is no member any more; account 99 and staff member 7 are no longer there to be named.
  historyNames: {
    appUsers: {
      '3': { nickname: 'Ada', contact: 'ada@example.com' },
      '23': { nickname: 'Ben', contact: '+31600000023' },
      '40': { nickname: 'Cy', contact: 'cy@example.com' },
    },
    staff: { '1': 'Administrator' },
    agents: { [NORTHWIND]: 'Northwind' },
  },
};
const NORTHWIND_AGENT: Tenant = {
  id: NORTHWIND,
  code: 'northwind',
  name: 'Northwind',
  type: 'agent',
  status: 0,
  expiresAt: null,
  contactName: '',
  contactMobile: '',
  staffQuota: null,
  packageId: null,
  packageName: null,
  staffCount: 1,
  remark: '',
  createdAt: '2025-01-01T00:00:00.000Z',
};

const signInAs = (tenantType: 'platform' | 'agent', permissions: string[]) => {
  saveAuth(
    {
      accessToken: 't',
      expiresAt: '2099-01-01T00:00:00.000Z',
      idleTimeout: 1800,
      userId: 1,
      tenantId: tenantType === 'platform' ? PLATFORM : NORTHWIND,
      tenantCode: 'saas',
      tenantType,
    },
    { remember: false },
  );
  signedInWith(permissions);
};

beforeEach(() => {
  server.reset();
  server.answer(storeApi.page, { list: [STORE], total: 1 });
  server.answer(storeApi.get, DETAIL);
  server.answer(tenantApi.page, { list: [NORTHWIND_AGENT], total: 1 });
  server.answer(liveStatusApi, { changes: [], cursor: 0 });
  signInAs('platform', ['*:*:*']);
});
afterEach(() => clearAuth());

const render = () => renderWithProviders(<StorePage />, { i18n: storeTestI18n() });
const openDetail = async () => {
  await userEvent.click(await screen.findByRole('button', { name: 'Harbour Street' }));
  return screen.findByTestId('store-facts');
};
const tab = (name: RegExp) => userEvent.click(screen.getByRole('tab', { name }));
/** The confirmation asked before an action, found by its question. */
const confirmation = async (question: string) => (await screen.findAllByText(question))[0]!.closest<HTMLElement>('.ant-modal')!;

describe('Store management', () => {
  test('lists each store with its admin and counts, online devices among them', async () => {
    render();
    const row = (await screen.findByText('Harbour Street')).closest('tr')!;
    expect(within(row).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(row).getByText('MESH-0007')).toBeInTheDocument();
    expect(within(row).getByText('Europe/Amsterdam')).toBeInTheDocument();
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(expect.arrayContaining(['2', '3', '1']));
  });

  test('the search sends the filters the contract names, the agent among them', async () => {
    render();
    await screen.findByText('Harbour Street');
    const search = screen.getByTestId('list-search');
    await userEvent.type(within(search).getByLabelText('Admin email'), 'demo.user03@example.com');
    await userEvent.type(within(search).getByLabelText('Country code'), 'nl');
    await userEvent.click(within(screen.getByTestId('mesh-agent-filter')).getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('Northwind (northwind)'));
    await userEvent.click(within(search).getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(server.sent(storeApi.page).at(-1)).toEqual({
        adminEmail: 'demo.user03@example.com',
        countryCode: 'nl',
        tenantId: String(NORTHWIND),
        page: 1,
        limit: 20,
      }),
    );
  });

  test('the drawer shows the members, groups, devices and the history worded', async () => {
    render();
    await openDetail();
    const members = screen.getByTestId('store-members');
    expect(within(members).getByText('Admin')).toHaveClass('ant-tag');
    expect(within(members).getByText('+31600000023')).toBeInTheDocument();
    await tab(/Devices/);
    const devices = screen.getByTestId('store-devices');
    expect(within(devices).getByText('Luminaire')).toBeInTheDocument();
    expect(within(devices).getAllByText('Shelves')).toHaveLength(1);
    await tab(/History/);
    const events = screen.getAllByTestId('history-event').map((e) => e.textContent);
    expect(events[0]).toMatch(/^App user #99 was removed.*by staff member #7$/);
    // A former admin is named by who they are, not by an id.
    expect(events[1]).toMatch(/^Admin role transferred from Cy \(cy@example.com\) to Ada \(ada@example.com\).*by Administrator$/);
    expect(events[2]).toMatch(/^Assigned to Northwind.*by Administrator$/);
    expect(events[3]).toMatch(/^Ben \(\+31600000023\) joined/);
    expect(events[4]).toMatch(/^Store created as Harbour Street.*by Cy \(cy@example.com\)/);
  });

  test('someone who may only look sees no action on stores, members or groups', async () => {
    signInAs('platform', ['store:mesh:query', 'system:tenant:query']);
    render();
    await openDetail();
    expect(screen.queryByTestId('row-assign-agent')).toBeNull();
    expect(screen.queryByTestId('list-export')).toBeNull();
    expect(screen.queryByTestId('member-transfer')).toBeNull();
    expect(screen.queryByTestId('member-remove')).toBeNull();
    await tab(/Groups/);
    expect(screen.queryByTestId('group-dissolve')).toBeNull();
  });

  test('transferring the admin says what happens to the old admin, sends the member, then refreshes drawer and list', async () => {
    render();
    await openDetail();
    const members = screen.getByTestId('store-members');
    // The admin's own row offers neither action.
    expect(within(members).getAllByTestId('member-transfer')).toHaveLength(1);
    const pagesBefore = server.sent(storeApi.page).length;
    const detailsBefore = server.sent(storeApi.get).length;
    await userEvent.click(within(members).getByTestId('member-transfer'));
    const dialog = await confirmation("Make Ben the store's admin?");
    expect(dialog).toHaveTextContent('The current admin, Ada, loses admin rights and leaves the store.');
    expect(server.sent(storeActions.transferAdmin)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(server.sent(storeActions.transferAdmin)).toEqual([{ id: 7, appUserId: 23 }]));
    await waitFor(() => expect(server.sent(storeApi.get).length).toBeGreaterThan(detailsBefore));
    await waitFor(() => expect(server.sent(storeApi.page).length).toBeGreaterThan(pagesBefore));
  });

  test("a group still holding luminaires is refused with the server's message", async () => {
    const refused = 'Please delete the members before dissolution!';
    server.answer(storeActions.dissolveGroup, () =>
      Promise.reject(new ApiError({ code: 555, msg: '', egMsg: refused, key: 'store.group-not-empty', data: null }, refused)),
    );
    render();
    await openDetail();
    await tab(/Groups/);
    await userEvent.click(screen.getAllByTestId('group-dissolve')[0]!);
    await userEvent.click(within(await confirmation('Dissolve the group Shelves?')).getByRole('button', { name: 'Dissolve' }));
    expect(await screen.findByTestId('store-refusal')).toHaveTextContent(refused);
    expect(server.sent(storeActions.dissolveGroup)).toEqual([{ id: 7, groupId: 11 }]);
  });

  test('platform staff assign a store to an agent', async () => {
    render();
    await userEvent.click(await screen.findByTestId('row-assign-agent'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Assign Harbour Street');
    await userEvent.click(within(dialog).getByLabelText('An agent'));
    await userEvent.click(within(screen.getByTestId('assign-agent-select')).getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('Northwind (northwind)'));
    await userEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(server.sent(storeAssignAgent)).toEqual([{ id: 7, tenantId: NORTHWIND }]));
  });

  test("an agent's staff neither filter by agent nor assign", async () => {
    signInAs('agent', ['*:*:*']);
    render();
    await screen.findByText('Harbour Street');
    expect(screen.queryByTestId('mesh-agent-filter')).toBeNull();
    expect(screen.queryByTestId('row-assign-agent')).toBeNull();
    expect(screen.getByTestId('row-detail')).toBeInTheDocument();
  });

  test('devices going online and offline change the counts and the open detail without fetching the list again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const later = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
      let pending: LiveStatusChange[] = [];
      server.answer(liveStatusApi, (q) => {
        const after = (q as { after?: number }).after ?? 0;
        const changes = pending.filter((c) => c.id > after);
        return { changes, cursor: changes.at(-1)?.id ?? (after || 40) };
      });
      render();
      const row = (await screen.findByText('Harbour Street')).closest('tr')!;
      const online = () => within(row).getAllByRole('cell')[2]!.textContent;
      expect(online()).toBe('1');
      await waitFor(() => expect(server.sent(liveStatusApi)).toEqual([{}]));
      await openDetail();
      const devices = () =>
        within(screen.getByTestId('store-devices'))
          .getAllByTestId('online-badge')
          .map((b) => b.dataset.online);
      await tab(/Devices/);
      expect(devices()).toEqual(['true', 'false']);

      // The gateway comes online: one more online in the list and the detail; an older change is already counted.
      pending = [
        { id: 41, storeId: STORE.id, storeDeviceId: 32, iotDeviceId: null, online: true, at: later(1) },
        { id: 42, storeId: 999, storeDeviceId: 77, iotDeviceId: null, online: true, at: later(1) },
        { id: 43, storeId: STORE.id, storeDeviceId: 31, iotDeviceId: null, online: true, at: '2020-01-01T00:00:00.000Z' },
      ];
      await act(() => vi.advanceTimersByTimeAsync(5000));
      await waitFor(() => expect(online()).toBe('2'));
      expect(devices()).toEqual(['true', 'true']);
      expect(within(screen.getByTestId('store-facts')).getByText('2')).toBeInTheDocument();
      expect(server.sent(liveStatusApi).at(-1)).toEqual({ after: 40 });

      // Both go offline.
      pending = [
        { id: 44, storeId: STORE.id, storeDeviceId: 31, iotDeviceId: null, online: false, at: later(2) },
        { id: 45, storeId: STORE.id, storeDeviceId: 32, iotDeviceId: null, online: false, at: later(2) },
      ];
      await act(() => vi.advanceTimersByTimeAsync(5000));
      await waitFor(() => expect(online()).toBe('0'));
      expect(devices()).toEqual(['false', 'false']);
      expect(server.sent(liveStatusApi).at(-1)).toEqual({ after: 43 });
      expect(server.sent(storeApi.page)).toHaveLength(1);
      expect(server.sent(storeApi.get)).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('Store location', () => {
  test('an operator sets the coordinates; both or neither', async () => {
    server.answer(storeActions.locate, true);
    render();
    await userEvent.click(await screen.findByTestId('row-locate'));
    const dialog = await screen.findByTestId('store-location-form');
    await userEvent.type(within(dialog).getByLabelText('Latitude'), '52.37');
    await userEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('Enter both latitude and longitude, or neither')).toBeInTheDocument();
    expect(server.sent(storeActions.locate)).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText('Longitude'), '4.89');
    await userEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(server.sent(storeActions.locate)).toEqual([{ id: 7, latitude: 52.37, longitude: 4.89 }]));
  });

  test('without the permission there is no location action; the detail shows where the store is', async () => {
    signInAs('platform', ['store:mesh:query']);
    server.answer(storeApi.get, { ...DETAIL, latitude: 52.37, longitude: 4.89 });
    render();
    const facts = await openDetail();
    expect(screen.queryByTestId('row-locate')).not.toBeInTheDocument();
    expect(within(facts).getByText('52.37, 4.89')).toBeInTheDocument();
  });
});
