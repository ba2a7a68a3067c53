import { analyticsApi, feedbackApi, feedbackStats, firmwareApis, gatewayApi, luminaireApi, type StoreDevice } from '@lightdesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Resource } from 'i18next';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, signedInWith, testI18n } from '../../components/test-utils';
import { browserSession } from '../../lib/storage';
import { useScreens } from '../../lib/navigation';
import { countScreenVisit, mostVisitedScreens } from '../../lib/screen-visits';
import common from '../../locales/en-US/common.json';
import { HomePage } from './home-page';
import { pickShortcuts } from './shortcuts';

const server = await vi.hoisted(async () => (await import('../../test/fake-server')).fakeServer());
vi.mock('../../lib/http/clients', (original) => server.clientsModule(original));

const strings = import.meta.glob<Resource[string][string]>('../../locales/en-US/workbench.json', { eager: true, import: 'default' });
const i18n = () => {
  const instance = testI18n(common);
  instance.addResourceBundle('en-US', 'workbench', Object.values(strings)[0]!);
  return instance;
};

const device = (id: number, lastSeenAt: string | null, kind: StoreDevice['kind'] = 'luminaire'): StoreDevice => ({
  id,
  kind,
  deviceName: `Device ${id}`,
  uuid: `uuid-${id}`,
  deviceCode: '',
  model: 'Luna',
  meshAddress: null,
  firmwareVersion: '1.0.0',
  meshId: 'M1',
  meshName: 'Rivoli',
  groupName: null,
  countryCode: 'FR',
  address: '',
  createDate: '2026-01-01T00:00:00.000Z',
  online: false,
  lastSeenAt,
});

beforeEach(() => {
  server.reset();
  localStorage.clear();
  browserSession.set('token', { accessToken: 't', expiresAt: '', userId: 1, tenantId: 1, tenantCode: 'saas', tenantType: 'platform' });
  useScreens.setState({
    screens: [
      { path: '/messageList', name: 'Feedback', componentName: 'Feedback', visible: false },
      { path: '/device/luminaire', name: 'Luminaires', componentName: 'DeviceLuminaire', visible: true },
      { path: '/firmware/release', name: 'Release channel', componentName: 'FirmwareRelease', visible: true },
      { path: '/system/user', name: 'Staff', componentName: 'SystemUser', visible: true },
    ],
  });
  server.answer(analyticsApi.popularityMap, {
    stores: [
      { storeId: 1, meshId: 'M1', name: 'Rivoli', countryCode: 'FR', latitude: 0, longitude: 0, located: 'store', persons: 1200, comparedPersons: null },
      { storeId: 2, meshId: 'M2', name: 'Opera', countryCode: 'FR', latitude: 0, longitude: 0, located: 'store', persons: 34, comparedPersons: null },
    ],
  });
  server.answer(luminaireApi.page, (q) => (q.online ? { list: [], total: 40 } : { list: [device(1, '2026-01-02T00:00:00.000Z')], total: 3 }));
  server.answer(gatewayApi.page, (q) => (q.online ? { list: [], total: 2 } : { list: [device(9, '2026-01-01T00:00:00.000Z', 'gateway')], total: 1 }));
  server.answer(feedbackStats, { registeredToday: 5, registeredLast7Days: 9, totalUsers: 100 });
  server.answer(feedbackApi.page, { list: [], total: 0 });
  for (const channel of ['release', 'factory', 'development'] as const) server.answer(firmwareApis[channel].page, { list: [], total: 0 });
});

describe('Workbench home', () => {
  test("today's figures add up the person's stores and devices", async () => {
    signedInWith();
    renderWithProviders(<HomePage />, { i18n: i18n() });
    await waitFor(() => expect(screen.getByTestId('figure-visitors')).toHaveTextContent('1,234'));
    await waitFor(() => expect(screen.getByTestId('figure-online')).toHaveTextContent('42'));
    expect(screen.getByTestId('figure-offline')).toHaveTextContent('4');
    await waitFor(() => expect(screen.getByTestId('figure-registrants')).toHaveTextContent('5'));
    expect(within(screen.getByTestId('figure-offline')).getByRole('link')).toHaveAttribute('href', '/device/luminaire?online=false');
  });

  test("a figure's link is the console's own (antd's) and opens its screen in place", async () => {
    signedInWith();
    const { router } = renderWithProviders(<HomePage />, { i18n: i18n() });
    const link = within(await screen.findByTestId('figure-offline')).getByRole('link');
    expect(link).toHaveClass('ant-typography');
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location).toMatchObject({ pathname: '/device/luminaire', search: '?online=false' }));
  });

  test('the offline list puts the device silent longest first, and asks the lists for exactly that', async () => {
    signedInWith();
    renderWithProviders(<HomePage />, { i18n: i18n() });
    const panel = await screen.findByTestId('home-offline');
    await waitFor(() =>
      expect(
        within(panel)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([expect.stringContaining('Device 9'), expect.stringContaining('Device 1')]),
    );
    expect(server.sent(luminaireApi.page)).toContainEqual({ page: 1, limit: 5, online: false, sortBy: 'lastSeenAt', sortOrder: 'asc' });
  });

  test('a panel shows only with the permission of the endpoint it reads', async () => {
    signedInWith(['device:luminaire:query']);
    renderWithProviders(<HomePage />, { i18n: i18n() });
    expect(await screen.findByTestId('home-offline')).toBeInTheDocument();
    expect(screen.queryByTestId('figure-visitors')).not.toBeInTheDocument();
    expect(screen.queryByTestId('figure-registrants')).not.toBeInTheDocument();
    expect(screen.queryByTestId('home-feedback')).not.toBeInTheDocument();
    expect(screen.queryByTestId('home-firmware')).not.toBeInTheDocument();
    expect(server.sent(analyticsApi.popularityMap)).toEqual([]);
    expect(server.sent(feedbackApi.page)).toEqual([]);
  });

  test('firmware is the platform’s: agents’ staff see no firmware panel whatever they hold', async () => {
    browserSession.set('token', { accessToken: 't', expiresAt: '', userId: 1, tenantId: 2, tenantCode: 'northwind', tenantType: 'agent' });
    signedInWith();
    renderWithProviders(<HomePage />, { i18n: i18n() });
    await screen.findByTestId('home-feedback');
    expect(screen.queryByTestId('home-firmware')).not.toBeInTheDocument();
  });

  test('each panel has its empty state', async () => {
    signedInWith();
    renderWithProviders(<HomePage />, { i18n: i18n() });
    expect(await within(await screen.findByTestId('home-feedback')).findByText('No feedback yet')).toBeInTheDocument();
    const release = await screen.findByTestId('firmware-release');
    await waitFor(() => expect(within(release).getByText('Nothing to verify')).toBeInTheDocument());
    expect(within(release).getByTestId('firmware-release-count')).toHaveTextContent('0');
  });

  test('a panel whose call fails says so and tries again on request, leaving the others alone', async () => {
    let fail = true;
    server.answer(feedbackApi.page, () => {
      if (fail) throw new Error('unreachable');
      return { list: [], total: 0 };
    });
    signedInWith();
    renderWithProviders(<HomePage />, { i18n: i18n() });
    const panel = await screen.findByTestId('home-feedback');
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Could not load this.');
    await waitFor(() => expect(screen.getByTestId('figure-online')).toHaveTextContent('42'));
    fail = false;
    await userEvent.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByText('No feedback yet')).toBeInTheDocument();
  });

  test('panels show that they are loading until their figures arrive', async () => {
    server.answer(feedbackApi.page, () => new Promise(() => undefined));
    signedInWith();
    renderWithProviders(<HomePage />, { i18n: i18n() });
    expect(within(await screen.findByTestId('home-feedback')).getByTestId('panel-loading')).toBeInTheDocument();
  });
});

describe('shortcuts', () => {
  test('visits are counted per person, most visited first', () => {
    countScreenVisit(1, '/system/user');
    countScreenVisit(1, '/system/dict');
    countScreenVisit(1, '/system/dict');
    countScreenVisit(2, '/device/luminaire');
    expect(mostVisitedScreens(1)).toEqual(['/system/dict', '/system/user']);
    expect(mostVisitedScreens(2)).toEqual(['/device/luminaire']);
  });

  test('the most visited screens come first, topped up with the default set the person may open', () => {
    const all = [
      { path: '/device/luminaire', name: 'Luminaires', componentName: 'DeviceLuminaire', visible: true },
      { path: '/system/user', name: 'Staff', componentName: 'SystemUser', visible: true },
      { path: '/system/dict', name: 'Dictionaries', componentName: 'SystemDict', visible: true },
    ];
    expect(pickShortcuts(all, ['/system/dict', '/gone']).map((s) => s.path)).toEqual(['/system/dict', '/device/luminaire', '/system/user']);
  });
});
