import { jobApi, jobRunApi, type Job, type JobRun } from '@lightdesk/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test-utils';
import { setNotifier } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { systemTestI18n } from '../shared/system-test-i18n';
import { JobPage } from './job-page';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));

// Not declared in the contract yet.

const job = (over: Partial<Job>): Job => ({
  name: 'system/log-retention',
  schedule: { dailyAt: '03:30' },
  nextRunAt: '2026-05-07T03:30:00.000Z',
  lastStartedAt: '2026-05-06T03:30:00.000Z',
  lastStatus: 'succeeded',
  lastDurationMs: 2450,
  busy: false,
  failures: 0,
  lastError: '',
  lastErrorAt: null,
  ...over,
});
const JOBS = [
  job({
    name: 'system/account-purge',
    schedule: { dailyAt: '02:30' },
    lastStatus: 'failed',
    failures: 2,
    lastError: 'database unreachable',
    lastDurationMs: 12,
  }),
  job({}),
  job({ name: 'store/send-report', schedule: null, nextRunAt: null, lastStatus: null, lastStartedAt: null, lastDurationMs: null }),
];
const RUNS: JobRun[] = [
  {
    id: 9,
    jobName: 'system/log-retention',
    trigger: 'manual',
    status: 'succeeded',
    attempt: 1,
    runAt: '2026-05-06T03:30:00.000Z',
    startedAt: '2026-05-06T03:30:00.000Z',
    finishedAt: '2026-05-06T03:30:02.450Z',
    durationMs: 2450,
    error: '',
    result: { 'login-log': 120, 'sms-log': 3 },
    worker: 'web-1:4242:a1b2c3',
    requestedBy: 'admin',
  },
  {
    id: 8,
    jobName: 'system/log-retention',
    trigger: 'retry',
    status: 'timed-out',
    attempt: 2,
    runAt: '2026-05-05T03:31:00.000Z',
    startedAt: '2026-05-05T03:31:00.000Z',
    finishedAt: '2026-05-05T03:41:00.000Z',
    durationMs: 600_000,
    error: 'Timed out after 600 s',
    result: null,
    worker: 'web-2:99:d4e5f6',
    requestedBy: '',
  },
];

const signIn = (permissions: string[]) =>
  act(() => useSession.getState().setIdentity({ user: { id: 1, avatar: '', userName: 'admin', nickname: 'Admin' }, roles: ['admin'], permissions }));
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

beforeEach(() => {
  server.reset();
  server.answer(jobRunApi.page, { list: RUNS, total: RUNS.length });
  server.answer(jobApi.page, { list: JOBS, total: JOBS.length });
  server.answer(jobApi.run, 17);
  setNotifier({ error: () => {}, success: () => {} });
  signIn(['*:*:*']);
});

describe('jobs', () => {
  test('lists each job by its name with schedule, outcome, duration, failures and last error', async () => {
    renderWithProviders(<JobPage />, { i18n: systemTestI18n() });
    const purge = (await screen.findByText('Purge of canceled accounts')).closest('tr')!;
    expect(within(purge).getByText('Daily at 02:30 UTC')).toBeInTheDocument();
    expect(within(purge).getByText('Failed')).toBeInTheDocument();
    expect(within(purge).getByText('12 ms')).toBeInTheDocument();
    expect(within(purge).getByText('2')).toBeInTheDocument();
    expect(within(purge).getByText('database unreachable')).toBeInTheDocument();

    const retention = rowOf('Log retention');
    expect(within(retention).getByText('2.5 s')).toBeInTheDocument();
    expect(within(retention).getByText('Succeeded')).toBeInTheDocument();
    // A job this console has no name for shows its code; one that runs only when queued cannot be run now.
    const queued = rowOf('When queued');
    expect(within(queued).getAllByText('store/send-report')).toHaveLength(2);
    expect(within(queued).queryByTestId('job-run-now')).toBeNull();
    expect(within(retention).getByTestId('job-run-now')).toBeEnabled();
  });

  test('run now asks first, queues the run and reloads the list', async () => {
    renderWithProviders(<JobPage />, { i18n: systemTestI18n() });
    await screen.findByText('Log retention');
    const loads = server.sent(jobApi.page).length;
    await userEvent.click(within(rowOf('Log retention')).getByTestId('job-run-now'));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Run “Log retention” now?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Run now' }));
    await waitFor(() => expect(server.sent(jobApi.run)).toEqual([{ name: 'system/log-retention' }]));
    await waitFor(() => expect(server.sent(jobApi.page).length).toBeGreaterThan(loads));
  });

  test('a job with a run waiting or going shows it as running and cannot be run again', async () => {
    server.answer(jobApi.page, { list: [job({ busy: true })], total: 1 });
    renderWithProviders(<JobPage />, { i18n: systemTestI18n() });
    const row = (await screen.findByText('Log retention')).closest('tr')!;
    expect(within(row).getByText('Running')).toBeInTheDocument();
    expect(within(row).getByTestId('job-run-now')).toBeDisabled();
  });

  test("the history lists a job's runs: who started them, how they ended and what they did", async () => {
    renderWithProviders(<JobPage />, { i18n: systemTestI18n() });
    await userEvent.click(within((await screen.findByText('Log retention')).closest('tr')!).getByTestId('job-history-open'));
    const drawer = await screen.findByTestId('job-history');
    expect(await within(drawer).findByText('Run now by admin')).toBeInTheDocument();
    expect(server.sent(jobRunApi.page)).toContainEqual(expect.objectContaining({ name: 'system/log-retention', page: 1 }));
    expect(within(drawer).getByText('Sign-in log rows: 120 · SMS log rows: 3')).toBeInTheDocument();
    const retry = within(drawer).getByText('Retry').closest('tr')!;
    expect(within(retry).getByText('Timed out')).toBeInTheDocument();
    expect(within(retry).getByText('Timed out after 600 s')).toBeInTheDocument();
    expect(within(retry).getByText('600 s')).toBeInTheDocument();
  });

  test('without the run permission there is nothing to start', async () => {
    signIn(['system:job:query']);
    renderWithProviders(<JobPage />, { i18n: systemTestI18n() });
    await screen.findByText('Log retention');
    expect(screen.queryAllByTestId('job-run-now')).toHaveLength(0);
    expect(screen.getAllByTestId('job-history-open')).toHaveLength(3);
  });
});
