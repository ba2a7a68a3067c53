import { analyticsStoreApi, profileApi, subscriptionApi, type Profile, type Subscription } from '@lightdesk/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, signedInWith, testI18n } from '../../../components/test-utils';
import { ApiError } from '../../../lib/http';
import type { Language } from '../../../lib/i18n/languages';
import { setNotifier } from '../../../lib/notify';
import britishStrings from '../../../locales/en-GB/analytics.json';
import { analyticsTestI18n, STORES } from '../shared/analytics-test-kit';
import { SubscriptionsPage } from './subscriptions-page';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));

const WEEKLY: Subscription = {
  id: 7,
  frequency: 'weekly',
  scope: 'stores',
  stores: [
    { id: 3, name: 'Amsterdam Centraal' },
    { id: 4, name: 'Utrecht Hoog Catharijne' },
  ],
  language: 'de-DE',
  email: 'ada@example.com',
  enabled: true,
  createdAt: '2026-03-01T10:00:00.000Z',
  lastSentAt: '2026-03-09T06:00:12.000Z',
  lastPeriod: { from: '2026-03-02', to: '2026-03-08' },
  lastSkip: null,
};
const MONTHLY: Subscription = {
  ...WEEKLY,
  id: 8,
  frequency: 'monthly',
  scope: 'all',
  stores: [],
  language: 'en-US',
  enabled: false,
  lastSentAt: null,
  lastPeriod: null,
  lastSkip: { period: { from: '2026-02-01', to: '2026-02-28' }, reason: 'no-stores', at: '2026-03-01T06:00:00.000Z' },
};
const PROFILE: Profile = {
  username: 'ada',
  nickname: 'Ada',
  email: 'ada@example.com',
  mobile: '',
  sex: 0,
  deptName: null,
  postNames: [],
  roleNames: [],
  agentName: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastLoginAt: null,
  lastLoginIp: '',
};
const ALL = ['statistics:subscription:query', 'statistics:subscription:create', 'statistics:subscription:update', 'statistics:subscription:delete'];

beforeEach(() => {
  server.reset();
  server.answer(subscriptionApi.page, { list: [WEEKLY, MONTHLY], total: 2 });
  server.answer(profileApi.get, PROFILE);
  server.answer(analyticsStoreApi.stores, STORES);
});

/** The console in British English, whose analytics strings the test reads. */
function britishI18n() {
  const i18n = testI18n({}, 'en-GB' satisfies Language);
  i18n.addResourceBundle('en-GB', 'analytics', britishStrings);
  return i18n;
}

const render = (i18n = analyticsTestI18n()) => renderWithProviders(<SubscriptionsPage />, { i18n, route: '/statistics/subscription' });
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const fieldItem = (dialog: HTMLElement, label: string) => within(dialog).getByText(label, { selector: 'label' }).closest<HTMLElement>('.ant-form-item')!;

/** Toasts the screen shows, kept for the test to read. */
function toasts() {
  const shown = { success: [] as string[], error: [] as string[] };
  setNotifier({ success: (text) => shown.success.push(text), error: (text) => shown.error.push(text) });
  return shown;
}

describe('Report subscriptions', () => {
  test('the list shows each subscription as the server answers it: what, where, language, address, on or off, the latest sent and not sent', async () => {
    signedInWith(ALL);
    render();
    const weekly = await rowOf('Deutsch');
    expect(within(weekly).getByText('Weekly')).toHaveClass('ant-tag');
    expect(weekly).toHaveTextContent('Chosen stores');
    expect(weekly).toHaveTextContent('Amsterdam Centraal, Utrecht Hoog Catharijne');
    expect(weekly).toHaveTextContent('Deutsch');
    expect(weekly).toHaveTextContent('ada@example.com');
    expect(weekly).toHaveTextContent(/Mar 2\s*–\s*8, 2026/);
    expect(weekly).toHaveTextContent(/Sent \d/);
    expect(within(weekly).getByTestId('subscription-enabled')).toBeChecked();

    const monthly = (await screen.findByText('Monthly')).closest('tr')!;
    expect(monthly).toHaveTextContent('All my stores');
    expect(monthly).toHaveTextContent('English');
    expect(monthly).toHaveTextContent('Not yet');
    expect(within(monthly).getByText('You no longer see any of its stores')).toHaveClass('ant-tag');
    expect(monthly).toHaveTextContent('February 2026');
    expect(within(monthly).getByTestId('subscription-enabled')).not.toBeChecked();
  });

  test("creating sends the contract's body, written in the console's language", async () => {
    signedInWith(ALL);
    server.answer(subscriptionApi.create, WEEKLY);
    render(britishI18n());
    await userEvent.click(await screen.findByTestId('list-create'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('subscription-email')).toHaveTextContent('ada@example.com');
    expect(dialog).toHaveTextContent('Reports go to the email address in your profile.');
    expect(dialog).toHaveTextContent('Reports arrive at 07:00 (store time) the morning after the period ends');

    await userEvent.click(within(dialog).getByText('Weekly'));
    expect(dialog).toHaveTextContent('Last week (Mon–Sun), every Monday');
    // No store yet: refused before sending.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Store must be selected')).toBeInTheDocument();
    expect(server.sent(subscriptionApi.create)).toEqual([]);

    fireEvent.mouseDown(within(within(dialog).getByTestId('stores-picker')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Amsterdam Centraal (M3)'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.sent(subscriptionApi.create)).toEqual([{ frequency: 'weekly', scope: 'store', storeIds: [3], language: 'en-GB', enabled: true }]),
    );
  });

  test('all my stores names no store', async () => {
    signedInWith(ALL);
    server.answer(subscriptionApi.create, MONTHLY);
    render();
    await userEvent.click(await screen.findByTestId('list-create'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByText('All my stores'));
    expect(within(dialog).queryByTestId('stores-picker')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.sent(subscriptionApi.create)).toEqual([{ frequency: 'daily', scope: 'all', storeIds: [], language: 'en-US', enabled: true }]),
    );
  });

  test('a store the server refuses is shown under the store field, and the dialog stays open', async () => {
    signedInWith(ALL);
    const text = 'Stores refers to a record that does not exist';
    server.answer(subscriptionApi.update, () =>
      Promise.reject(new ApiError({ code: 400, msg: '', egMsg: text, key: 'common.reference-not-found', params: { field: 'storeIds' }, data: null }, text)),
    );
    render();
    await userEvent.click(within(await rowOf('Deutsch')).getByTestId('row-edit'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Edit report subscription');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.sent(subscriptionApi.update)).toEqual([
        { id: '7', frequency: 'weekly', scope: 'stores', storeIds: [3, 4], language: 'de-DE', enabled: true },
      ]),
    );
    expect(await within(fieldItem(dialog, 'Stores')).findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  test('a profile without an address: the form says so, and the refusal to subscribe is shown in the dialog', async () => {
    signedInWith(ALL);
    server.answer(profileApi.get, { ...PROFILE, email: '' });
    const text = 'Reports go to the email address in your profile. Add one there first.';
    server.answer(subscriptionApi.create, () => Promise.reject(new ApiError({ code: 555, msg: '', egMsg: text, key: 'report.no-email', data: null }, text)));
    render();
    await userEvent.click(await screen.findByTestId('list-create'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('subscription-email')).toHaveTextContent('No email address in your profile');
    await userEvent.click(within(dialog).getByText('All my stores'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByTestId('subscription-refusal')).toHaveTextContent(text);
  });

  test('switching a subscription off sends its settings with enabled false', async () => {
    signedInWith(ALL);
    server.answer(subscriptionApi.update, { ...WEEKLY, enabled: false });
    render();
    await userEvent.click(within(await rowOf('Deutsch')).getByTestId('subscription-enabled'));
    await waitFor(() =>
      expect(server.sent(subscriptionApi.update)).toEqual([
        { id: '7', frequency: 'weekly', scope: 'stores', storeIds: [3, 4], language: 'de-DE', enabled: false },
      ]),
    );
  });

  test('a sample is sent for the latest closed period; a refusal is told in words', async () => {
    signedInWith(ALL);
    const shown = toasts();
    server.answer(subscriptionApi.sample, { period: { from: '2026-03-09', to: '2026-03-15' } });
    render();
    await userEvent.click(within(await rowOf('Deutsch')).getByTestId('subscription-sample'));
    await waitFor(() => expect(shown.success).toHaveLength(1));
    expect(shown.success[0]).toMatch(/^A sample report for Mar 9\s*–\s*15, 2026 was sent to ada@example\.com$/);
    expect(server.sent(subscriptionApi.sample)).toEqual([{ id: '7' }]);

    const text = 'None of this subscription’s stores is visible to you anymore, so there is no report to send.';
    server.answer(subscriptionApi.sample, () => Promise.reject(new ApiError({ code: 555, msg: '', egMsg: text, key: 'report.no-stores', data: null }, text)));
    await userEvent.click(within(await rowOf('English')).getByTestId('subscription-sample'));
    await waitFor(() => expect(shown.error).toEqual([text]));
  });

  test('deleting asks first, naming the subscription', async () => {
    signedInWith(ALL);
    render();
    await userEvent.click(within(await rowOf('Deutsch')).getByTestId('row-delete'));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Weekly report: Amsterdam Centraal, Utrecht Hoog Catharijne');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(server.sent(subscriptionApi.delete)).toEqual([{ id: '7' }]));
  });

  test('someone who may only look sees the list without create, edit, delete, sample, or a switch to flip', async () => {
    signedInWith(['statistics:subscription:query']);
    render();
    const weekly = await rowOf('Deutsch');
    expect(within(weekly).getByTestId('subscription-enabled')).toBeDisabled();
    expect(screen.queryByTestId('list-create')).toBeNull();
    expect(screen.queryByTestId('row-edit')).toBeNull();
    expect(screen.queryByTestId('row-delete')).toBeNull();
    expect(screen.queryByTestId('subscription-sample')).toBeNull();
  });

  test('each action shows with its own permission', async () => {
    signedInWith(['statistics:subscription:query', 'statistics:subscription:delete']);
    render();
    const weekly = await rowOf('Deutsch');
    expect(within(weekly).getByTestId('row-delete')).toBeInTheDocument();
    expect(within(weekly).queryByTestId('row-edit')).toBeNull();
    expect(within(weekly).queryByTestId('subscription-sample')).toBeNull();
    expect(screen.queryByTestId('list-create')).toBeNull();
  });
});
