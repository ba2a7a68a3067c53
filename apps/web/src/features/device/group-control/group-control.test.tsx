import { commandApi, commandHistoryApi, type CommandDetail, type CommandRow, type GatewayProblem } from '@lightdesk/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, signedInWith } from '../../../components/test-utils';
import { ApiError } from '../../../lib/http';
import { deviceTestI18n } from '../shared/device-test-i18n';
import { GroupControlPage } from './group-control-page';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));

const store = (id: number, name: string, gatewayProblem: GatewayProblem | null = null) => ({
  id,
  meshId: `MESH000${id}`,
  name,
  luminaireCount: 4,
  gatewayProblem,
});
const ROW: CommandRow = {
  id: 7,
  action: 'brightness',
  value: '40',
  targetKind: 'all',
  targetCount: 0,
  senderName: 'Olivia Operator',
  createdAt: '2026-01-02T03:04:05.000Z',
  storeCount: 2,
  queued: 0,
  sent: 1,
  acknowledged: 1,
  failed: 0,
  timedOut: 0,
};
const job = (id: number, state: CommandDetail['jobs'][number]['state']) => ({
  id,
  storeId: id,
  meshId: `MESH000${id}`,
  storeName: `Store ${id}`,
  state,
  reason: null,
  createdAt: ROW.createdAt,
  sentAt: null,
  finishedAt: null,
});

beforeEach(() => {
  server.reset();
  server.answer(commandApi.stores, { maxStores: 2, stores: [store(1, 'Amsterdam'), store(2, 'Berlin'), store(3, 'Cologne')] });
  server.answer(commandApi.targets, { groups: [{ id: 11, storeId: 1, groupCode: 49153, name: 'Window', luminaireCount: 3 }], devices: [] });
  server.answer(commandHistoryApi.page, { list: [ROW], total: 1 });
});

const render = () => renderWithProviders(<GroupControlPage />, { i18n: deviceTestI18n() });
const pickStore = async (name: string) => {
  fireEvent.mouseDown(within(screen.getByTestId('command-stores')).getByRole('combobox'));
  fireEvent.click(await screen.findByTitle(new RegExp(name)));
};

describe('Group control', () => {
  test('the history shows who sent what and how it went; readers get no form', async () => {
    signedInWith(['device:group-control:query']);
    render();
    const row = (await screen.findByText('Olivia Operator')).closest('tr')!;
    expect(row).toHaveTextContent('Brightness: 40 %');
    expect(row).toHaveTextContent('1 acknowledged');
    expect(row).toHaveTextContent('1 in progress');
    expect(screen.queryByTestId('command-form')).toBeNull();
  });

  test('stores beyond the cap are refused on screen; a group command is sent and its progress followed until done', async () => {
    signedInWith();
    render();
    expect(await screen.findByText('0 of at most 2 stores chosen')).toBeInTheDocument();
    await pickStore('Amsterdam');
    await pickStore('Berlin');
    await pickStore('Cologne');
    expect(await screen.findByText('A command may go to at most 2 stores')).toBeInTheDocument();
    expect(screen.getByText('2 of at most 2 stores chosen')).toBeInTheDocument();

    await userEvent.click(screen.getByText('Chosen groups'));
    fireEvent.mouseDown(within(screen.getByTestId('command-targets')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Amsterdam · Window (3)'));
    await userEvent.click(within(screen.getByTestId('command-form')).getByRole('radio', { name: 'Scene' }));
    const scene = screen.getByRole('spinbutton', { name: 'Scene' });
    await userEvent.clear(scene);
    await userEvent.type(scene, '12');

    server.answer(commandApi.send, { id: 7 });
    let polls = 0;
    server.answer(commandHistoryApi.get, () => {
      polls += 1;
      return Promise.resolve({ ...ROW, jobs: [job(1, polls > 1 ? 'acknowledged' : 'sent'), job(2, 'queued')] });
    });
    await userEvent.click(screen.getByTestId('command-send'));
    await waitFor(() =>
      expect(server.sent(commandApi.send)).toEqual([{ stores: [1, 2], target: { kind: 'groups', groupIds: [11] }, command: { action: 'scene', value: 12 } }]),
    );
    const progress = await screen.findByTestId('command-progress');
    expect(await within(progress).findByText('Sent')).toBeInTheDocument();
    // Asked again while a store is still on its way.
    expect(await within(progress).findByText('Acknowledged', {}, { timeout: 4000 })).toBeInTheDocument();
  });

  test('a store no command can reach says why before sending: it cannot be chosen, and a chosen one that goes offline stops the send', async () => {
    signedInWith();
    server.answer(commandApi.stores, {
      maxStores: 5,
      stores: [store(1, 'Amsterdam'), store(2, 'Berlin', 'no-gateway'), store(3, 'Cologne', 'gateway-offline')],
    });
    render();
    fireEvent.mouseDown(within(screen.getByTestId('command-stores')).getByRole('combobox'));
    expect(await screen.findByTitle('Berlin (MESH0002) · No gateway provisioned')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTitle('Cologne (MESH0003) · Gateway offline')).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(screen.getByTitle('Berlin (MESH0002) · No gateway provisioned'));
    fireEvent.click(screen.getByTitle('Amsterdam (MESH0001)'));
    expect(screen.queryByTestId('command-unreachable')).toBeNull();
    expect(screen.getByTestId('command-send')).toBeEnabled();

    // A later search finds the chosen store's gateway gone offline.
    server.answer(commandApi.stores, { maxStores: 5, stores: [store(1, 'Amsterdam', 'gateway-offline')] });
    await userEvent.type(within(screen.getByTestId('command-stores')).getByRole('combobox'), 'Am');
    expect(await screen.findByTestId('command-unreachable')).toHaveTextContent('Amsterdam (MESH0001): Gateway offline');
    expect(screen.getByTestId('command-send')).toBeDisabled();
    await userEvent.click(screen.getByTestId('command-send'));
    expect(server.sent(commandApi.send)).toEqual([]);
  });

  test("the server's refusal of too many stores is shown by the form", async () => {
    signedInWith();
    render();
    await pickStore('Amsterdam');
    server.answer(commandApi.send, () =>
      Promise.reject(new ApiError({ code: 555, msg: '', egMsg: '', data: null, params: { limit: 1 } }, 'A group command may go to at most 1 stores at once')),
    );
    await userEvent.click(screen.getByTestId('command-send'));
    expect(await screen.findByText('A group command may go to at most 1 stores at once')).toBeInTheDocument();
  });
});
