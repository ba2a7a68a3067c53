import { smsLogApi, type SmsLog } from '@lightdesk/contract';
import Tag from 'antd/es/tag';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { col, dateCol, textCol } from '../../../components/list-columns';
import { dateRangeFilter, textFilter } from '../../../components/list-filters';
import { ListPage } from '../../../components/list-page';
import { smsLogPageQuery, smsLogCache } from './api';

/** Outbox states: the demo's outbox only records; a gateway's messages are sent, or failed when it refused or did not answer. */
const STATUS_COLOURS: Record<string, string> = { recorded: 'processing', sent: 'success', failed: 'error' };

/** SMS log: the outbox, platform staff only; codes in the text come masked. */
export function SmsLogPage() {
  const { t } = useTranslation('system');
  const columns = useMemo(
    () => [
      dateCol<SmsLog>('createdAt', t('log.field.time'), { sortable: true }),
      col<SmsLog>('mobile', t('log.field.mobile'), { sortable: true }),
      col<SmsLog>('status', t('log.field.status'), {
        render: (status: string) => <Tag color={STATUS_COLOURS[status]}>{t(`log.smsStatus.${status}`, { defaultValue: status })}</Tag>,
      }),
      col<SmsLog>('template', t('log.field.template'), { render: (template: string) => t(`log.smsTemplate.${template}`, { defaultValue: template }) }),
      textCol<SmsLog>('content', t('log.field.content'), { width: 360 }),
    ],
    [t],
  );
  return (
    <ListPage
      query={smsLogPageQuery}
      cache={smsLogCache}
      columns={columns}
      filters={[textFilter('mobile', t('log.field.mobile')), textFilter('template', t('log.field.template')), dateRangeFilter('created', t('log.field.time'))]}
      actions={{ export: { endpoint: smsLogApi.exportExcel, fileName: t('log.exportFile.sms') } }}
    />
  );
}
