import { productApi, type Product } from '@lightdesk/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, signedInWith } from '../../../components/test-utils';
import { ApiError } from '../../../lib/http';
import { deviceTestI18n } from '../shared/device-test-i18n';
import { ProductPage } from './product-page';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));

const LAMP: Product = {
  id: 3,
  productKey: 'a1B2c3D4e5F',
  name: 'Smart lamp',
  nodeType: 'direct',
  protocol: 'mqtt',
  description: 'A dimmable lamp',
  thingModel: {
    properties: [
      { identifier: 'power', name: 'Power', accessMode: 'rw', dataType: { type: 'bool', specs: { true: 'on', false: 'off' } } },
      { identifier: 'brightness', name: 'Brightness', accessMode: 'r', dataType: { type: 'int', specs: { min: 0, max: 100, unit: '%' } } },
    ],
    events: [
      {
        identifier: 'overheat',
        name: 'Overheat',
        type: 'alert',
        outputData: [{ identifier: 'temp', name: 'Temperature', dataType: { type: 'float', specs: { min: -40, max: 150, unit: '' } } }],
      },
    ],
    services: [{ identifier: 'blink', name: 'Blink', callType: 'async', inputData: [], outputData: [] }],
  },
  createdAt: '2026-01-02T03:04:05.000Z',
  updatedAt: '2026-01-02T03:04:05.000Z',
};
const HUB: Product = {
  ...LAMP,
  id: 4,
  productKey: 'ZZzz9999yyY',
  name: 'Hall gateway',
  nodeType: 'gateway',
  protocol: 'http',
  thingModel: { properties: [], events: [], services: [] },
};

beforeEach(() => {
  server.reset();
  server.answer(productApi.page, { list: [LAMP, HUB], total: 2 });
  server.answer(productApi.get, LAMP);
});

const render = () => renderWithProviders(<ProductPage />, { i18n: deviceTestI18n() });
const typeModel = async (dialog: HTMLElement, text: string) => {
  const field = within(dialog).getByLabelText('Thing model');
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(text);
};

describe('Products', () => {
  test('a user who may only read sees the products, their node type and model counts, without changing anything', async () => {
    signedInWith(['iot:product:query']);
    render();
    expect(await screen.findByText('Hall gateway')).toBeInTheDocument();
    expect(screen.getByText('a1B2c3D4e5F')).toBeInTheDocument();
    expect(screen.getByText('Gateway')).toHaveClass('ant-tag');
    expect(screen.getByText('Direct device')).toHaveClass('ant-tag');
    const lampRow = screen.getByText('Smart lamp').closest('tr')!;
    expect(
      within(lampRow)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(expect.arrayContaining(['MQTT', '2', '1', '1']));
    expect(screen.queryByTestId('list-create')).toBeNull();
    expect(screen.queryByTestId('list-export')).toBeNull();
    expect(screen.queryByTestId('row-edit')).toBeNull();
    expect(screen.queryByTestId('row-delete')).toBeNull();
  });

  test('products are found by name, product key and node type', async () => {
    signedInWith(['iot:product:query']);
    render();
    await screen.findByText('Hall gateway');
    const search = screen.getByTestId('list-search');
    await userEvent.type(within(search).getByLabelText('Product key'), 'a1B2');
    fireEvent.mouseDown(within(search).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Gateway'));
    await userEvent.click(within(search).getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(server.sent(productApi.page).at(-1)).toEqual({ productKey: 'a1B2', nodeType: 'gateway', page: 1, limit: 20 }));
  });

  test('adding a product: the JSON is checked before sending, then the parsed thing model goes to the server', async () => {
    signedInWith();
    render();
    await screen.findByText('Hall gateway');
    await userEvent.click(screen.getByTestId('list-create'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Add product');
    await userEvent.type(within(dialog).getByLabelText('Product name'), 'Door sensor');
    await typeModel(dialog, '{"properties": [');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This is not valid JSON')).toBeInTheDocument();
    expect(server.sent(productApi.create)).toEqual([]);

    server.answer(productApi.create, 9);
    const model = { properties: [{ identifier: 'open', name: 'Open', accessMode: 'r', dataType: { type: 'bool', specs: { true: 'open', false: 'closed' } } }] };
    await typeModel(dialog, JSON.stringify(model));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.sent(productApi.create)).toEqual([{ name: 'Door sensor', nodeType: 'direct', protocol: 'mqtt', description: '', thingModel: model }]),
    );
  });

  test("the server's refusal of the thing model is shown under it, naming the exact place", async () => {
    signedInWith();
    const text = 'Invalid value for thingModel.properties[1].dataType.specs.min: must not be greater than max';
    server.answer(productApi.update, () =>
      Promise.reject(
        new ApiError(
          {
            code: 400,
            msg: '',
            egMsg: text,
            key: 'common.bad-input',
            params: { field: 'thingModel.properties[1].dataType.specs.min', reason: 'must not be greater than max' },
            data: null,
          },
          text,
        ),
      ),
    );
    render();
    await screen.findByText('Hall gateway');
    await userEvent.click(screen.getAllByTestId('row-edit')[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('product-key')).toHaveTextContent('a1B2c3D4e5F');
    expect(JSON.parse(within(dialog).getByLabelText<HTMLTextAreaElement>('Thing model').value)).toEqual(LAMP.thingModel);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    // The key is no field of a change: it never changes.
    expect(server.sent(productApi.update)).toEqual([
      { id: 3, name: 'Smart lamp', nodeType: 'direct', protocol: 'mqtt', description: 'A dimmable lamp', thingModel: LAMP.thingModel },
    ]);
  });

  test('the detail drawer lists the properties, events and services of the thing model', async () => {
    signedInWith(['iot:product:query']);
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Smart lamp' }));
    const drawer = await screen.findByTestId('product-detail');
    await within(drawer).findByText('a1B2c3D4e5F');
    expect(server.sent(productApi.get)).toEqual([{ id: 3 }]);
    const rows = (testId: string) =>
      within(within(drawer).getByTestId(testId))
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent);
    expect(rows('model-properties')).toEqual(['powerPowerRead and writebool', 'brightnessBrightnessRead onlyint 0…100 %']);
    expect(rows('model-events')).toEqual(['overheatOverheatAlerttemp']);
    expect(rows('model-services')).toEqual(['blinkBlinkAsynchronous——']);
  });
});
