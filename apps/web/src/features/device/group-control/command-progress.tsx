import { FINISHED_JOB_STATES, type CommandJob, type JobState } from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/list-columns';
import { useRefreshResource } from '../../../lib/resource-cache';
import { commandCache, commandDetailQuery } from './api';

const POLL_MS = 2000;
const COLOURS: Record<JobState, string> = { queued: 'default', sent: 'processing', acknowledged: 'success', failed: 'error', 'timed-out': 'warning' };
const isOpen = (jobs: CommandJob[]) => jobs.some((j) => !FINISHED_JOB_STATES.includes(j.state));

export function JobStateTag({ state }: { state: JobState }) {
  const { t } = useTranslation('device');
  return <Tag color={COLOURS[state]}>{t(`groupControl.state.${state}`)}</Tag>;
}

/** Each store's delivery of one command, asked again every 2 s while any is still on its way. */
export function CommandProgress({ id }: { id: number }) {
  const { t } = useTranslation('device');
  const refresh = useRefreshResource();
  const detail = useQuery({ ...commandDetailQuery(id), refetchInterval: (q) => (!q.state.data || isOpen(q.state.data.jobs) ? POLL_MS : false) });
  const finished = detail.data !== undefined && !isOpen(detail.data.jobs);
  // Once every store is done, the history below shows the final counts.
  useEffect(() => {
    if (finished) void refresh(commandCache);
  }, [finished, refresh]);
  return (
    <Table<CommandJob>
      data-testid="command-progress"
      rowKey="id"
      size="small"
      loading={detail.isLoading}
      pagination={false}
      dataSource={detail.data?.jobs ?? []}
      onRow={(job) => ({ 'data-store': job.meshId }) as object}
      columns={[
        { key: 'store', title: t('groupControl.field.store'), render: (_, job) => `${job.storeName} (${job.meshId})` },
        { key: 'state', title: t('groupControl.field.state'), render: (_, job) => <JobStateTag state={job.state} /> },
        {
          key: 'reason',
          title: t('groupControl.field.reason'),
          render: (_, job) => (job.reason ? t(`groupControl.reason.${job.reason}`, { defaultValue: job.reason }) : ''),
        },
        { key: 'sentAt', title: t('groupControl.field.sentAt'), render: (_, job) => <DateTime value={job.sentAt ?? undefined} /> },
        { key: 'finishedAt', title: t('groupControl.field.finishedAt'), render: (_, job) => <DateTime value={job.finishedAt ?? undefined} /> },
      ]}
    />
  );
}
