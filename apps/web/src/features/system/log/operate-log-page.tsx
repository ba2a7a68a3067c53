import EyeOutlined from '@ant-design/icons/EyeOutlined';
import { operateLogApi, type OperateLog } from '@lightdesk/contract';
import Button from 'antd/es/button';
import Typography from 'antd/es/typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { col, dateCol, textCol } from '../../../components/list-columns';
import { dateRangeFilter, selectFilter, textFilter } from '../../../components/list-filters';
import { ListPage } from '../../../components/list-page';
import { useAgentFilter } from './agent-select';
import { operateLogPageQuery, operateLogCache } from './api';
import { OperateLogDetail } from './operate-log-detail';
import { RESULT_CODES, ResultCodeTag } from './result-code-tag';

/** Operation log: every mutating request — who, what, when, result, duration, IP. */
export function OperateLogPage() {
  const { t } = useTranslation('system');
  const agentFilter = useAgentFilter();
  const [open, setOpen] = useState<OperateLog>();
  const columns = useMemo(
    () => [
      dateCol<OperateLog>('createdAt', t('log.field.time'), { sortable: true }),
      col<OperateLog>('username', t('log.field.operator'), { sortable: true }),
      textCol<OperateLog>('action', t('log.field.action'), { width: 220 }),
      col<OperateLog>('resultCode', t('log.field.result'), { sortable: true, render: (code: number) => <ResultCodeTag code={code} /> }),
      col<OperateLog>('module', t('log.field.module')),
      col<OperateLog>('path', t('log.field.request'), {
        render: (_: unknown, row: OperateLog) => (
          <>
            <Typography.Text code>{row.method}</Typography.Text> {row.path}
          </>
        ),
      }),
      col<OperateLog>('durationMs', t('log.field.duration'), { sortable: true, align: 'right', render: (ms: number) => t('log.durationMs', { value: ms }) }),
      col<OperateLog>('ip', t('log.field.ip')),
    ],
    [t],
  );
  return (
    <>
      <ListPage
        query={operateLogPageQuery}
        cache={operateLogCache}
        columns={columns}
        filters={[
          ...agentFilter,
          textFilter('username', t('log.field.operator')),
          textFilter('module', t('log.field.module')),
          textFilter('path', t('log.field.path')),
          selectFilter(
            'resultCode',
            t('log.field.resultCode'),
            RESULT_CODES.map((code) => ({ value: code, label: `${code} · ${t(`log.resultCode.${code}`)}` })),
          ),
          dateRangeFilter('created', t('log.field.time')),
        ]}
        actions={{ export: { endpoint: operateLogApi.exportExcel, fileName: t('log.exportFile.operate') } }}
        rowActions={(row) => (
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setOpen(row)} data-testid="row-detail">
            {t('log.detail.open')}
          </Button>
        )}
      />
      <OperateLogDetail log={open} onClose={() => setOpen(undefined)} />
    </>
  );
}
