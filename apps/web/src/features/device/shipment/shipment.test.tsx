import { shipmentApi, type Shipment, type ShipmentDetail } from '@lightdesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, signedInWith } from '../../../components/test-utils';
import { deviceTestI18n } from '../shared/device-test-i18n';
import { parseDeviceLines } from './device-lines';
import { ShipmentPage } from './shipment-page';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));

const NORTH: Shipment = {
  id: 5,
  batchNo: 'NW-2026-001',
  shipDate: '2026-03-10',
  countryCode: 'DE',
  agentId: 2,
  agentName: 'Northwind Retail Lighting',
  customerName: 'Kaufhaus Nord',
  note: '',
  deviceCount: 2,
  createdAt: '2026-03-10T08:00:00.000Z',
  updatedAt: '2026-03-10T08:00:00.000Z',
};
const DETAIL: ShipmentDetail = {
  ...NORTH,
  devices: [
    { id: 1, uuid: 'uuid-a', deviceCode: 'LD-1' },
    { id: 2, uuid: '', deviceCode: 'LD-2' },
  ],
};

beforeEach(() => {
  server.reset();
  server.answer(shipmentApi.page, { list: [NORTH], total: 1 });
  server.answer(shipmentApi.get, DETAIL);
});

const render = () => renderWithProviders(<ShipmentPage />, { i18n: deviceTestI18n() });
const XLSX = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0])], 'devices.xlsx');

describe('Shipments', () => {
  test('typed device lines: a uuid, a uuid with its code, or a code alone', () => {
    expect(parseDeviceLines('uuid-1\n\n uuid-2, LD-2 \n,LD-3\nuuid-4\tLD-4')).toEqual([
      { uuid: 'uuid-1', deviceCode: '' },
      { uuid: 'uuid-2', deviceCode: 'LD-2' },
      { uuid: '', deviceCode: 'LD-3' },
      { uuid: 'uuid-4', deviceCode: 'LD-4' },
    ]);
  });

  test('a user who may only read sees the shipments and their devices, without changing anything', async () => {
    signedInWith(['system:shipment:query']);
    render();
    const row = (await screen.findByText('NW-2026-001')).closest('tr')!;
    expect(row).toHaveTextContent('Northwind Retail Lighting');
    expect(row).toHaveTextContent('Kaufhaus Nord');
    expect(screen.queryByTestId('list-create')).toBeNull();
    expect(screen.queryByTestId('row-import')).toBeNull();
    expect(screen.queryByTestId('row-edit')).toBeNull();
    await userEvent.click(screen.getByTestId('shipment-batch'));
    const drawer = await screen.findByTestId('shipment-detail');
    expect(await within(drawer).findByText('uuid-a')).toBeInTheDocument();
    expect(within(drawer).getByText('LD-2')).toBeInTheDocument();
    expect(within(drawer).getByText('Devices (2)')).toBeInTheDocument();
  });

  test('adding a shipment sends the typed devices as lines', async () => {
    signedInWith(['system:shipment:query', 'system:shipment:create']);
    render();
    await screen.findByText('NW-2026-001');
    await userEvent.click(screen.getByTestId('list-create'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Batch number'), 'CUST-9');
    await userEvent.type(within(dialog).getByLabelText('Ship date'), '2026-04-02');
    await userEvent.type(within(dialog).getByLabelText('Destination country'), 'FR');
    await userEvent.type(within(dialog).getByLabelText('Customer'), 'Maison');
    await userEvent.type(within(dialog).getByLabelText('Devices'), 'uuid-1{enter}uuid-2, LD-2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.sent(shipmentApi.create)).toEqual([
        {
          batchNo: 'CUST-9',
          shipDate: '2026-04-02',
          countryCode: 'FR',
          agentId: null,
          customerName: 'Maison',
          note: '',
          devices: [
            { uuid: 'uuid-1', deviceCode: '' },
            { uuid: 'uuid-2', deviceCode: 'LD-2' },
          ],
        },
      ]),
    );
  });

  test('editing shows the devices the shipment holds', async () => {
    signedInWith(['system:shipment:query', 'system:shipment:update']);
    render();
    await userEvent.click(await screen.findByTestId('row-edit'));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText<HTMLTextAreaElement>('Devices').value).toBe('uuid-a, LD-1\n, LD-2'));
  });

  test('an import with bad rows lists each row, its column and the problem', async () => {
    signedInWith(['system:shipment:query', 'system:shipment:import']);
    server.answer(shipmentApi.importDevices, {
      imported: 0,
      errors: [
        { row: 3, field: 'uuid', reason: 'shipped-elsewhere' },
        { row: 7, field: 'deviceCode', reason: 'invalid' },
      ],
    });
    render();
    await userEvent.click(await screen.findByTestId('row-import'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Import devices into NW-2026-001');
    await userEvent.upload(dialog.querySelector<HTMLInputElement>('input[type=file]')!, XLSX);
    expect(await within(dialog).findByTestId('import-failed')).toHaveTextContent('Nothing was imported: 2 rows need fixing');
    const rows = within(within(dialog).getByTestId('import-errors'))
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual(['3UUIDAlready in another shipment', '7Device codeNot a valid value']);
    const [sent] = server.sent(shipmentApi.importDevices) as unknown as { id: number; file: unknown }[];
    expect(sent!.id).toBe(5);
    expect(sent!.file).toBeInstanceOf(File);
  });

  test('a good import says how many devices were added', async () => {
    signedInWith(['system:shipment:query', 'system:shipment:import']);
    server.answer(shipmentApi.importDevices, { imported: 3, errors: [] });
    render();
    await userEvent.click(await screen.findByTestId('row-import'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.upload(dialog.querySelector<HTMLInputElement>('input[type=file]')!, XLSX);
    expect(await within(dialog).findByTestId('import-done')).toHaveTextContent('3 devices added');
  });
});
