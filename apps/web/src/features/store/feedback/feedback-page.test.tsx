import { feedbackApi, feedbackReply, feedbackStats, type Feedback } from '@lightdesk/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders, signedInWith } from '../../../components/test-utils';
import type * as Http from '../../../lib/http';
import { storeTestI18n } from '../shared/store-test-i18n';
import { FeedbackPage } from './feedback-page';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));
// The file download, recorded: what it asks for is what the file holds.
const download = vi.hoisted(() => vi.fn(() => new Promise<Blob>(() => undefined)));
vi.mock('../../../lib/http', async (original) => ({ ...(await original<typeof Http>()), downloadExport: download }));

const PICTURE = '/open/files/feedback/abc.png?expires=1&signature=x';
let rows: Feedback[];

beforeEach(() => {
  server.reset();
  download.mockClear();
  rows = [
    {
      id: 7,
      appUserId: 5,
      email: 'demo.user05@example.com',
      nickname: 'Store five',
      contactEmail: '',
      type: 'fault',
      content: 'One pendant shows the wrong colour temperature compared with the others in the group.',
      appVersion: '3.2.0',
      phoneModel: 'Xiaomi 14 (android)',
      imageCount: 1,
      handledAt: null,
      reply: '',
      createdAt: '2026-01-02T03:04:05.000Z',
    },
  ];
  // The fake keeps the replies it is sent, as the server does.
  server.answer(feedbackApi.page, () => ({ list: rows, total: rows.length }));
  server.answer(feedbackApi.get, ({ id }) => ({ ...rows.find((row) => row.id === id)!, images: [PICTURE] }));
  server.answer(feedbackReply, ({ id, reply }) => {
    rows = rows.map((row) => (row.id === id ? { ...row, reply, handledAt: '2026-01-03T00:00:00.000Z' } : row));
    return true as const;
  });
  server.answer(feedbackStats, { registeredToday: 3, registeredLast7Days: 12, totalUsers: 1250 });
});

const openDetail = async () => {
  await userEvent.click(await screen.findByTestId('row-detail'));
  return screen.findByTestId('feedback-detail');
};

describe('Feedback', () => {
  test('shows the registration figures above the list', async () => {
    signedInWith();
    renderWithProviders(<FeedbackPage />, { i18n: storeTestI18n() });
    expect(await screen.findByTestId('feedback-stat-registeredToday')).toHaveTextContent('New registrants today');
    await waitFor(() => expect(screen.getByTestId('feedback-stat-registeredToday')).toHaveTextContent('3'));
    expect(screen.getByTestId('feedback-stat-registeredLast7Days')).toHaveTextContent('12');
    expect(screen.getByTestId('feedback-stat-totalUsers')).toHaveTextContent('1,250');
  });

  test('searches by the customer’s email and whether it was handled', async () => {
    signedInWith();
    renderWithProviders(<FeedbackPage />, { i18n: storeTestI18n() });
    await screen.findByText('demo.user05@example.com');
    const search = screen.getByTestId('list-search');
    await userEvent.type(within(search).getByLabelText('Customer email'), 'demo.user05@example.com');
    await userEvent.click(within(search).getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(server.sent(feedbackApi.page).at(-1)).toEqual({ email: 'demo.user05@example.com', page: 1, limit: 20 }));
    fireEvent.mouseDown(within(search).getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByTitle('Awaiting reply'));
    await userEvent.click(within(search).getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(server.sent(feedbackApi.page).at(-1)).toEqual({ email: 'demo.user05@example.com', handled: 'no', page: 1, limit: 20 }));
  });

  test('the detail shows the whole content and the pictures', async () => {
    signedInWith();
    renderWithProviders(<FeedbackPage />, { i18n: storeTestI18n() });
    const detail = await openDetail();
    expect(await within(detail).findByTestId('feedback-content')).toHaveTextContent(
      'One pendant shows the wrong colour temperature compared with the others in the group.',
    );
    expect(within(detail).getByRole('img', { name: 'Picture 1 of 1 sent with the feedback' })).toHaveAttribute('src', PICTURE);
    expect(server.sent(feedbackApi.get)).toEqual([{ id: 7 }]);
  });

  test('an empty reply is refused before sending; a reply is sent with the id, and the list shows it handled with the reply', async () => {
    signedInWith();
    renderWithProviders(<FeedbackPage />, { i18n: storeTestI18n() });
    const row = (await screen.findByText('demo.user05@example.com')).closest('tr')!;
    expect(within(row).getByTestId('feedback-handled')).toHaveTextContent('Awaiting reply');
    const detail = await openDetail();
    const form = await within(detail).findByTestId('feedback-reply');

    await userEvent.type(within(form).getByLabelText('Reply'), '   ');
    await userEvent.click(within(form).getByRole('button', { name: 'Send reply' }));
    expect(await within(form).findByText('Please enter the Reply')).toBeInTheDocument();
    expect(server.sent(feedbackReply)).toEqual([]);

    await userEvent.clear(within(form).getByLabelText('Reply'));
    await userEvent.type(within(form).getByLabelText('Reply'), 'Firmware 2.4.2 fixes it tonight.');
    await userEvent.click(within(form).getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(server.sent(feedbackReply)).toEqual([{ id: 7, reply: 'Firmware 2.4.2 fixes it tonight.' }]));

    await waitFor(() => expect(screen.getByText('demo.user05@example.com').closest('tr')).toHaveTextContent('Handled'));
    expect(screen.getByText('demo.user05@example.com').closest('tr')).toHaveTextContent('Firmware 2.4.2 fixes it tonight.');
  });

  test('the reply takes at most the 2000 characters the contract allows', async () => {
    signedInWith();
    renderWithProviders(<FeedbackPage />, { i18n: storeTestI18n() });
    const form = await within(await openDetail()).findByTestId('feedback-reply');
    expect(within(form).getByLabelText('Reply')).toHaveAttribute('maxlength', '2000');
  });

  test('someone who may only read sees the feedback and its pictures, but no reply form', async () => {
    signedInWith(['workbench:feedback:query']);
    renderWithProviders(<FeedbackPage />, { i18n: storeTestI18n() });
    const detail = await openDetail();
    expect(await within(detail).findByRole('img', { name: 'Picture 1 of 1 sent with the feedback' })).toBeInTheDocument();
    expect(within(detail).queryByTestId('feedback-reply')).toBeNull();
    expect(within(detail).queryByRole('button', { name: 'Send reply' })).toBeNull();
  });

  test('those who may export get the list as a file, with its filters; those who may only read do not', async () => {
    signedInWith(['workbench:feedback:query', 'workbench:feedback:export']);
    const { unmount } = renderWithProviders(<FeedbackPage />, { i18n: storeTestI18n(), route: '/?handled=no' });
    await screen.findByText('demo.user05@example.com');
    await userEvent.click(screen.getByTestId('list-export'));
    expect(download).toHaveBeenCalledWith(feedbackApi.exportExcel, { handled: 'no' }, expect.any(Function));
    unmount();

    signedInWith(['workbench:feedback:query']);
    renderWithProviders(<FeedbackPage />, { i18n: storeTestI18n() });
    await screen.findByText('demo.user05@example.com');
    expect(screen.queryByTestId('list-export')).toBeNull();
  });
});
