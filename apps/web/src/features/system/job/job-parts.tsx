import type { JobSchedule, JobStatus } from '@lightdesk/contract';
import Tag from 'antd/es/tag';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../lib/i18n/languages';
import { formatNumber } from '../../../lib/i18n/ui-locale';

const STATUS_COLOURS: Record<JobStatus, string> = { queued: 'default', running: 'processing', succeeded: 'success', failed: 'error', 'timed-out': 'warning' };

/** A job's name in the reader's language; a job this console does not know shows its code. */
export function useJobTitle() {
  const { t } = useTranslation('system');
  return useCallback((name: string) => t(`job.names.${name}`, { defaultValue: name }), [t]);
}

export function JobStatusTag({ status }: { status: JobStatus | null }) {
  const { t } = useTranslation('system');
  if (!status) return <>—</>;
  return <Tag color={STATUS_COLOURS[status]}>{t(`job.status.${status}`)}</Tag>;
}

export function ScheduleText({ schedule }: { schedule: JobSchedule }) {
  const { t } = useTranslation('system');
  if (!schedule) return <>{t('job.schedule.queued')}</>;
  if ('everyMinutes' in schedule) return <>{t('job.schedule.every', { count: schedule.everyMinutes })}</>;
  return <>{t('job.schedule.daily', { time: schedule.dailyAt })}</>;
}

/** Milliseconds below a second, seconds with one decimal above. */
export function Duration({ ms }: { ms: number | null }) {
  const { t, i18n } = useTranslation('system');
  if (ms === null) return <>—</>;
  const language = i18n.language as Language;
  return ms < 1000
    ? t('job.duration.ms', { value: formatNumber(ms, language) })
    : t('job.duration.s', { value: formatNumber(ms / 1000, language, { maximumFractionDigits: 1 }) });
}

/** What a run reported, e.g. "sign-in log rows: 120 · SMS: 3". */
export function RunResult({ result }: { result: Record<string, number> | null }) {
  const { t, i18n } = useTranslation('system');
  if (!result || Object.keys(result).length === 0) return <>—</>;
  const language = i18n.language as Language;
  return (
    <>
      {Object.entries(result)
        .map(([key, count]) => t('job.result.item', { label: t(`job.result.${key}`, { defaultValue: key }), count: formatNumber(count, language) }))
        .join(' · ')}
    </>
  );
}
