import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import PlayCircleOutlined from '@ant-design/icons/PlayCircleOutlined';
import type { Job, JobSchedule, JobStatus } from '@lightdesk/contract';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { col, dateCol, LongText } from '../../../components/list-columns';
import { ListPage, type ListHandle } from '../../../components/list-page';
import { notify } from '../../../lib/notify';
import { usePermission } from '../../../lib/permission';
import { jobCache, jobPageQuery, runJob } from './api';
import { JobHistory } from './job-history';
import { Duration, JobStatusTag, ScheduleText, useJobTitle } from './job-parts';

/**
 * Background jobs (docs/jobs.md): when each runs next, how its latest run went, how often it
 * failed and why; its history; and a run now for scheduled jobs. Platform staff only.
 */
export function JobPage() {
  const { t } = useTranslation('system');
  const { hasPermi } = usePermission();
  const title = useJobTitle();
  const [modal, holder] = Modal.useModal();
  const [history, setHistory] = useState<Job>();
  const canRun = hasPermi('system:job:run');

  const runNow = (job: Job, list: ListHandle<Job>) =>
    modal.confirm({
      title: t('job.runNow.title', { name: title(job.name) }),
      content: t('job.runNow.hint'),
      okText: t('job.runNow.ok'),
      cancelText: t('job.cancel'),
      onOk: async () => {
        try {
          await runJob(job.name);
        } catch {
          return; // The HTTP client has shown why (e.g. a run already waiting).
        }
        notify.success(t('job.runNow.done'));
        list.reload();
      },
    });

  const columns = useMemo(
    () => [
      col<Job>('name', t('job.field.name'), {
        render: (name: string) => (
          <>
            <div>{title(name)}</div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {name}
            </Typography.Text>
          </>
        ),
      }),
      // How its last run went right after the job: the reason to open this screen.
      col<Job>('lastStatus', t('job.field.lastStatus'), {
        render: (status: JobStatus | null, row: Job) => (row.busy ? <JobStatusTag status="running" /> : <JobStatusTag status={status} />),
      }),
      col<Job>('lastError', t('job.field.lastError'), { render: (error: string) => <LongText text={error} width={200} type="danger" /> }),
      col<Job>('failures', t('job.field.failures')),
      dateCol<Job>('lastStartedAt', t('job.field.lastStartedAt')),
      dateCol<Job>('nextRunAt', t('job.field.nextRunAt')),
      col<Job>('schedule', t('job.field.schedule'), { render: (schedule: JobSchedule) => <ScheduleText schedule={schedule} /> }),
      col<Job>('lastDurationMs', t('job.field.lastDurationMs'), { render: (ms: number | null) => <Duration ms={ms} /> }),
    ],
    [t, title],
  );

  return (
    <>
      {holder}
      <ListPage
        query={jobPageQuery}
        cache={jobCache}
        rowKey="name"
        columns={columns}
        rowActions={(row, list) => (
          <>
            <Button type="link" size="small" icon={<HistoryOutlined />} onClick={() => setHistory(row)} data-testid="job-history-open">
              {t('job.history.action')}
            </Button>
            {canRun && row.schedule && (
              <Tooltip title={row.busy ? t('job.runNow.busy') : undefined}>
                <Button
                  type="link"
                  size="small"
                  icon={<PlayCircleOutlined />}
                  disabled={row.busy}
                  onClick={() => void runNow(row, list)}
                  data-testid="job-run-now"
                >
                  {t('job.runNow.action')}
                </Button>
              </Tooltip>
            )}
          </>
        )}
      />
      <JobHistory job={history} onClose={() => setHistory(undefined)} />
    </>
  );
}
