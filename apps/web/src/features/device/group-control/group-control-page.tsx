import { commandHistoryApi, type CommandRow } from '@lightdesk/contract';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { col, dateCol } from '../../../components/list-columns';
import { ListPage } from '../../../components/list-page';
import { Panel } from '../../../components/panel';
import { usePermission } from '../../../lib/permission';
import { commandCache, commandHistoryQuery } from './api';
import { CommandForm } from './command-form';
import { CommandProgress } from './command-progress';

/** Devices › Group control: one command to the luminaires of several stores, each store's delivery followed live, and the history. */
export function GroupControlPage() {
  const { t } = useTranslation('device');
  const { hasPermi } = usePermission();
  const [shownId, setShownId] = useState<number>();
  const columns = useMemo(
    () => [
      dateCol<CommandRow>('createdAt', t('groupControl.field.createdAt'), { sortable: true }),
      col<CommandRow>('senderName', t('groupControl.field.sender')),
      col<CommandRow>('action', t('groupControl.field.command'), {
        render: (_: unknown, row: CommandRow) =>
          `${t(`groupControl.action.${row.action}`)}: ${row.action === 'power' ? t(`groupControl.power.${row.value as 'on' | 'off'}`) : `${row.value} ${t(`groupControl.unit.${row.action}`)}`}`,
      }),
      col<CommandRow>('acknowledged', t('groupControl.field.outcome'), {
        render: (_: unknown, row: CommandRow) => (
          <Space size={4} wrap>
            <Tag color="success">{t('groupControl.count.acknowledged', { count: row.acknowledged })}</Tag>
            {row.failed > 0 && <Tag color="error">{t('groupControl.count.failed', { count: row.failed })}</Tag>}
            {row.timedOut > 0 && <Tag color="warning">{t('groupControl.count.timedOut', { count: row.timedOut })}</Tag>}
            {row.queued + row.sent > 0 && <Tag color="processing">{t('groupControl.count.open', { count: row.queued + row.sent })}</Tag>}
          </Space>
        ),
      }),
      col<CommandRow>('targetKind', t('groupControl.field.target'), {
        render: (_: unknown, row: CommandRow) => `${t(`groupControl.target.${row.targetKind}`)}${row.targetCount ? ` (${row.targetCount})` : ''}`,
      }),
      col<CommandRow>('storeCount', t('groupControl.field.storeCount'), { align: 'right' }),
    ],
    [t],
  );
  return (
    <>
      {hasPermi('device:group-control:send') && (
        <Panel title={t('groupControl.title')}>
          <CommandForm onSent={setShownId} />
        </Panel>
      )}
      {shownId !== undefined && (
        <Panel title={t('groupControl.progress', { id: shownId })}>
          <CommandProgress id={shownId} />
        </Panel>
      )}
      <ListPage
        query={commandHistoryQuery}
        cache={commandCache}
        columns={columns}
        inUrl={false}
        actions={{ export: { endpoint: commandHistoryApi.exportExcel, fileName: t('groupControl.file') } }}
        rowActions={(row) => (
          <Button type="link" size="small" onClick={() => setShownId(row.id)} data-testid="row-progress">
            {t('groupControl.showProgress')}
          </Button>
        )}
      />
    </>
  );
}
