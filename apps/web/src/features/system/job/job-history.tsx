import { JobStatus as JobStatuses, type Job, type JobRun, type JobStatus, type JobTrigger } from '@lightdesk/contract';
import Drawer from 'antd/es/drawer';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { col, dateCol, LONG_TEXT_WIDTH, LongText } from '../../../components/list-columns';
import { selectFilter } from '../../../components/list-filters';
import { ListPage } from '../../../components/list-page';
import { jobCache, jobRunPageQuery } from './api';
import { Duration, JobStatusTag, RunResult, useJobTitle } from './job-parts';

/** Every run of one job, newest first: when, why it started, how it ended and what it did. */
export function JobHistory({ job, onClose }: { job: Job | undefined; onClose: () => void }) {
  const { t } = useTranslation('system');
  const title = useJobTitle();
  const columns = useMemo(
    () => [
      dateCol<JobRun>('startedAt', t('job.history.startedAt')),
      col<JobRun>('trigger', t('job.history.trigger'), {
        render: (trigger: JobTrigger, row: JobRun) => (row.requestedBy ? t('job.trigger.manualBy', { name: row.requestedBy }) : t(`job.trigger.${trigger}`)),
      }),
      col<JobRun>('status', t('job.field.lastStatus'), { render: (status: JobStatus) => <JobStatusTag status={status} /> }),
      col<JobRun>('attempt', t('job.history.attempt')),
      col<JobRun>('durationMs', t('job.field.lastDurationMs'), { render: (ms: number | null) => <Duration ms={ms} /> }),
      col<JobRun>('result', t('job.history.result'), { render: (result: JobRun['result']) => <RunResult result={result} /> }),
      col<JobRun>('error', t('job.field.lastError'), { render: (error: string) => <LongText text={error} width={LONG_TEXT_WIDTH} type="danger" /> }),
      col<JobRun>('worker', t('job.history.worker')),
    ],
    [t],
  );
  return (
    <Drawer
      open={job !== undefined}
      onClose={onClose}
      title={job && t('job.history.title', { name: title(job.name) })}
      size={960}
      destroyOnHidden
      data-testid="job-history"
    >
      {job && (
        <ListPage
          query={jobRunPageQuery}
          cache={jobCache}
          params={{ name: job.name }}
          columns={columns}
          filters={[
            selectFilter(
              'status',
              t('job.field.lastStatus'),
              JobStatuses.options.map((status) => ({ value: status, label: t(`job.status.${status}`) })),
            ),
          ]}
        />
      )}
    </Drawer>
  );
}
