import { iotDeviceApi, liveStatusApi, type IotDevice, type LiveStatusChange } from '@lightdesk/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, signedInWith } from '../../../components/test-utils';
import { deviceTestI18n } from '../shared/device-test-i18n';
import { IotDevicePage } from './iot-device-page';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));

const HUB: IotDevice = {
  id: 7,
  tenantId: 1,
  productId: 2,
  productName: 'Lightdesk gateway',
  productKey: 'a1B2c3D4e5F',
  nodeType: 'gateway',
  deviceName: 'hall-hub',
  storeId: 3,
  meshId: 'MESH-0003',
  storeName: 'Harbour Street',
  enabled: true,
  online: false,
  lastSeenAt: null,
  lastOnlineAt: null,
  secretGeneration: 1,
  createdAt: '2026-01-02T03:04:05.000Z',
};

beforeEach(() => {
  server.reset();
  server.answer(iotDeviceApi.page, { list: [HUB], total: 1 });
  server.answer(iotDeviceApi.products, [{ id: 2, name: 'Lightdesk gateway', productKey: 'a1B2c3D4e5F', nodeType: 'gateway' }]);
  server.answer(liveStatusApi, { changes: [], cursor: 0 });
});

const render = () => renderWithProviders(<IotDevicePage />, { i18n: deviceTestI18n() });

describe('Devices', () => {
  test('a new device shows its secret once, in a dialog of its own', async () => {
    signedInWith();
    server.answer(iotDeviceApi.create, { id: 8, productKey: 'a1B2c3D4e5F', deviceName: 'door-1', deviceSecret: 'S3cret-only-once', secretGeneration: 1 });
    render();
    await screen.findByText('hall-hub');
    await userEvent.click(screen.getByTestId('list-create'));
    const form = await screen.findByRole('dialog');
    await userEvent.click(within(form).getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('Lightdesk gateway (a1B2c3D4e5F)'));
    await userEvent.type(within(form).getByLabelText('Device name'), 'door-1');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('device-secret')).toHaveTextContent('S3cret-only-once');
    expect(server.sent(iotDeviceApi.create)).toEqual([{ productId: 2, deviceName: 'door-1', meshId: '' }]);
    await userEvent.click(screen.getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByTestId('device-secret')).toBeNull());
  });

  test('rotating asks first, then shows the new secret', async () => {
    signedInWith();
    server.answer(iotDeviceApi.rotateSecret, { id: 7, productKey: 'a1B2c3D4e5F', deviceName: 'hall-hub', deviceSecret: 'Fresh-secret', secretGeneration: 2 });
    render();
    await userEvent.click(await screen.findByTestId('device-rotate'));
    await userEvent.click(await screen.findByRole('button', { name: 'Rotate' }));
    expect(await screen.findByTestId('device-secret')).toHaveTextContent('Fresh-secret');
    expect(server.sent(iotDeviceApi.rotateSecret)).toEqual([{ id: 7 }]);
  });

  test('a device coming online shows so without the list being fetched again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let pending: LiveStatusChange[] = [];
      server.answer(liveStatusApi, (q) => {
        const after = (q as { after?: number }).after ?? 0;
        const changes = pending.filter((c) => c.id > after);
        return { changes, cursor: changes.at(-1)?.id ?? (after || 3) };
      });
      signedInWith(['iot:device:query']);
      render();
      const row = (await screen.findByText('hall-hub')).closest('tr')!;
      expect(within(row).getByTestId('online-badge')).toHaveAttribute('data-online', 'false');
      await waitFor(() => expect(server.sent(liveStatusApi)).toEqual([{}]));
      pending = [{ id: 4, storeId: 3, storeDeviceId: null, iotDeviceId: 7, online: true, at: '2026-05-06T07:08:09.000Z' }];
      await act(() => vi.advanceTimersByTimeAsync(5000));
      await waitFor(() => expect(within(row).getByTestId('online-badge')).toHaveAttribute('data-online', 'true'));
      expect(server.sent(iotDeviceApi.page)).toHaveLength(1);
      // Someone who may not change devices sees no rotate button.
      expect(screen.queryByTestId('device-rotate')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
