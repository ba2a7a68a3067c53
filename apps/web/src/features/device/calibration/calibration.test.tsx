import { calibrationApi, type CalibrationItem } from '@lightdesk/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, signedInWith } from '../../../components/test-utils';
import { deviceTestI18n } from '../shared/device-test-i18n';
import { CalibrationPage } from './calibration-page';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));

const MISMATCH: CalibrationItem = {
  key: 'country-mismatch:4:9',
  category: 'country-mismatch',
  shipmentDeviceId: 4,
  storeDeviceId: 9,
  uuid: 'uuid-de',
  deviceCode: '',
  shipmentId: 2,
  batchNo: 'NW-1',
  shipmentCountry: 'DE',
  agentId: 2,
  agentName: 'Northwind',
  storeId: 3,
  storeName: 'Corner shop',
  storeCountry: 'NL',
  resolved: false,
};
const STRAY: CalibrationItem = {
  ...MISMATCH,
  key: 'activated-not-shipped:0:10',
  category: 'activated-not-shipped',
  shipmentDeviceId: null,
  storeDeviceId: 10,
  uuid: 'uuid-stray',
  shipmentId: null,
  batchNo: null,
  shipmentCountry: null,
};

beforeEach(() => {
  server.reset();
  server.answer(calibrationApi.page, { list: [MISMATCH, STRAY], total: 2 });
});

const render = () => renderWithProviders(<CalibrationPage />, { i18n: deviceTestI18n() });

describe('Shipment calibration', () => {
  test('the list shows each item with its category; a reader cannot correct', async () => {
    signedInWith(['system:shipment-calibration:query']);
    render();
    const row = (await screen.findByText('uuid-de')).closest('tr')!;
    expect(within(row).getByText('Country mismatch')).toHaveClass('ant-tag');
    expect(row).toHaveTextContent('Corner shop');
    expect(screen.getByText('Activated, not shipped')).toBeInTheDocument();
    expect(screen.queryByTestId('row-correct')).toBeNull();
  });

  test('items are filtered by category', async () => {
    signedInWith(['system:shipment-calibration:query']);
    render();
    await screen.findByText('uuid-de');
    const search = screen.getByTestId('list-search');
    fireEvent.mouseDown(within(search).getAllByRole('combobox')[0]!);
    fireEvent.click(await screen.findByTitle('Shipped, not activated'));
    await userEvent.click(within(search).getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(server.sent(calibrationApi.page).at(-1)).toMatchObject({ category: 'shipped-not-activated', page: 1 }));
  });

  test('a correction asks the reason and sends it with the item', async () => {
    signedInWith(['system:shipment-calibration:query', 'system:shipment-calibration:update']);
    render();
    await screen.findByText('uuid-de');
    await userEvent.click(screen.getAllByTestId('row-correct')[0]!);
    const dialog = await screen.findByRole('dialog');
    // A shipped item's country can be changed; only an unshipped device is added to a shipment.
    expect(within(dialog).getByLabelText("Change the shipment's country")).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Add to a shipment')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Reason/, { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(server.sent(calibrationApi.correct)).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Rerouted to Antwerp');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.sent(calibrationApi.correct)).toEqual([{ key: 'country-mismatch:4:9', action: 'resolve', reason: 'Rerouted to Antwerp' }]),
    );
  });

  test('an unshipped device may be added to a shipment', async () => {
    signedInWith(['system:shipment-calibration:query', 'system:shipment-calibration:update']);
    render();
    await screen.findByText('uuid-stray');
    await userEvent.click(screen.getAllByTestId('row-correct')[1]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Add to a shipment')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText("Change the shipment's country")).toBeNull();
  });
});
