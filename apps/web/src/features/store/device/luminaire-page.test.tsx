import { gatewayApi, liveStatusApi, luminaireApi, type LiveStatusChange, type StoreDevice } from '@lightdesk/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, signedInWith } from '../../../components/test-utils';
import { storeTestI18n } from '../shared/store-test-i18n';
import { LuminairePage } from './luminaire-page';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));

const device = (id: number, kind: StoreDevice['kind'], deviceName: string): StoreDevice => ({
  id,
  kind,
  deviceName,
  uuid: `uuid-${id}`,
  deviceCode: `code-${id}`,
  model: kind === 'luminaire' ? 'Spot S2' : 'GW-1',
  meshAddress: id,
  firmwareVersion: '2.4.1',
  meshId: 'mesh-0001',
  meshName: 'Northwind Amsterdam',
  groupName: kind === 'luminaire' ? 'Shelves' : null,
  countryCode: 'NL',
  address: 'Damrak 1, Amsterdam',
  createDate: '2026-01-02T03:04:05.000Z',
  online: false,
  lastSeenAt: null,
});

beforeEach(() => {
  server.reset();
  server.answer(luminaireApi.page, { list: [device(1, 'luminaire', 'Shoe wall spot')], total: 1 });
  server.answer(gatewayApi.page, { list: [device(2, 'gateway', 'Back office gateway'), device(3, 'sensor', 'Entrance sensor')], total: 2 });
  server.answer(liveStatusApi, { changes: [], cursor: 0 });
});

describe('Luminaires', () => {
  test('the Gateways & sensors tab lists from its own endpoint with the same search, from page 1', async () => {
    signedInWith();
    const { router } = renderWithProviders(<LuminairePage />, { i18n: storeTestI18n() });
    expect(await screen.findByText('Shoe wall spot')).toBeInTheDocument();
    const search = screen.getByTestId('list-search');
    await userEvent.type(within(search).getByLabelText('Store ID'), 'mesh-0001');
    await userEvent.click(within(search).getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(server.sent(luminaireApi.page).at(-1)).toEqual({ meshId: 'mesh-0001', page: 1, limit: 20 }));

    await userEvent.click(screen.getByRole('tab', { name: 'Gateways & sensors' }));
    expect(await screen.findByText('Back office gateway')).toBeInTheDocument();
    expect(server.sent(gatewayApi.page)).toEqual([{ meshId: 'mesh-0001', page: 1, limit: 20 }]);
    expect(within(search).getByLabelText('Store ID')).toHaveValue('mesh-0001');
    expect(screen.getAllByTestId('device-kind').map((tag) => tag.textContent)).toEqual(['Gateway', 'Sensor']);
    // A reload keeps the tab.
    await waitFor(() => expect(router.state.location.search).toBe('?meshId=mesh-0001&tab=gateway'));

    await userEvent.click(screen.getByRole('tab', { name: 'AI lights' }));
    expect(await screen.findByText('Shoe wall spot')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?meshId=mesh-0001'));
  });

  test('whether a device is online and when it last reported come right after its name; its address is cut and shown whole on hover', async () => {
    signedInWith();
    renderWithProviders(<LuminairePage />, { i18n: storeTestI18n() });
    const row = (await screen.findByText('Shoe wall spot')).closest('tr')!;
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.slice(0, 4)).toEqual(['Device name', 'Online', 'Last seen', 'Store']);
    expect(within(row).getAllByRole('cell')[1]).toContainElement(within(row).getByTestId('online-badge'));
    await userEvent.hover(within(row).getByText('Damrak 1, Amsterdam'));
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('Damrak 1, Amsterdam'));
  });

  test('a link to the gateways tab opens it', async () => {
    signedInWith();
    renderWithProviders(<LuminairePage />, { i18n: storeTestI18n(), route: '/?tab=gateway' });
    expect(await screen.findByText('Entrance sensor')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Gateways & sensors' })).toHaveAttribute('aria-selected', 'true');
    expect(server.sent(luminaireApi.page)).toEqual([]);
  });

  test('the status column follows the devices going online and offline, without fetching the list again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let pending: LiveStatusChange[] = [];
      server.answer(liveStatusApi, (q) => {
        const after = (q as { after?: number }).after ?? 0;
        const changes = pending.filter((c) => c.id > after);
        return { changes, cursor: changes.at(-1)?.id ?? (after || 7) };
      });
      signedInWith();
      renderWithProviders(<LuminairePage />, { i18n: storeTestI18n() });
      const row = (await screen.findByText('Shoe wall spot')).closest('tr')!;
      const badge = () => within(row).getByTestId('online-badge');
      expect(badge()).toHaveAttribute('data-online', 'false');
      await waitFor(() => expect(server.sent(liveStatusApi)).toEqual([{}]));

      pending = [
        { id: 8, storeId: 5, storeDeviceId: 1, iotDeviceId: null, online: true, at: '2026-05-06T07:08:09.000Z' },
        { id: 9, storeId: 5, storeDeviceId: 99, iotDeviceId: null, online: true, at: '2026-05-06T07:08:09.000Z' },
      ];
      await act(() => vi.advanceTimersByTimeAsync(5000));
      await waitFor(() => expect(badge()).toHaveAttribute('data-online', 'true'));

      pending = [{ id: 10, storeId: 5, storeDeviceId: 1, iotDeviceId: null, online: false, at: '2026-05-06T07:09:09.000Z' }];
      await act(() => vi.advanceTimersByTimeAsync(5000));
      await waitFor(() => expect(badge()).toHaveAttribute('data-online', 'false'));
      expect(server.sent(liveStatusApi)).toEqual([{}, { after: 7 }, { after: 9 }]);
      expect(server.sent(luminaireApi.page)).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  test('the status filter asks for online or offline devices', async () => {
    signedInWith();
    renderWithProviders(<LuminairePage />, { i18n: storeTestI18n() });
    await screen.findByText('Shoe wall spot');
    const search = screen.getByTestId('list-search');
    await userEvent.click(within(search).getByLabelText('Online'));
    await userEvent.click(await screen.findByTitle('Offline'));
    await userEvent.click(within(search).getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(server.sent(luminaireApi.page).at(-1)).toEqual({ online: 'false', page: 1, limit: 20 }));
  });

  test('each row names its store with its ID, its group and its country', async () => {
    signedInWith();
    renderWithProviders(<LuminairePage />, { i18n: storeTestI18n() });
    const row = (await screen.findByText('Shoe wall spot')).closest('tr')!;
    expect(row).toHaveTextContent('Northwind Amsterdam');
    expect(row).toHaveTextContent('mesh-0001');
    expect(row).toHaveTextContent('Shelves');
    expect(row).toHaveTextContent('Netherlands (NL)');
  });

  test('only those who may export see the export', async () => {
    signedInWith(['device:luminaire:query']);
    renderWithProviders(<LuminairePage />, { i18n: storeTestI18n() });
    await screen.findByText('Shoe wall spot');
    expect(screen.queryByTestId('list-export')).toBeNull();
  });
});
