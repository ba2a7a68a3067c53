import CheckCircleOutlined from '@ant-design/icons/CheckCircleOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import { CALIBRATION_CATEGORIES, calibrationApi, type CalibrationCategory, type CalibrationItem } from '@lightdesk/contract';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import { useMemo, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { AgentSelect, useMayPickAgent } from '../../../components/agent-select';
import { col } from '../../../components/list-columns';
import { controlFilter, selectFilter, textFilter } from '../../../components/list-filters';
import { ListPage } from '../../../components/list-page';
import { lazyPart } from '../../../lib/lazy';
import { usePermission } from '../../../lib/permission';
import { calibrationCache, calibrationPageQuery } from './api';
import { CategoryTag } from './category-tag';
import type { CorrectDialog as Correct } from './correct-dialog';
import type { CorrectionsDrawer as Corrections } from './corrections-drawer';

const CorrectDialog = lazyPart<ComponentProps<typeof Correct>>(() => import('./correct-dialog').then((m) => ({ default: m.CorrectDialog })));
const CorrectionsDrawer = lazyPart<ComponentProps<typeof Corrections>>(() => import('./corrections-drawer').then((m) => ({ default: m.CorrectionsDrawer })));

const STATES = ['open', 'resolved', 'all'] as const;

/**
 * Administration › Shipment calibration: shipped devices nobody activated, activated devices no
 * shipment lists, and devices activated in another country than they were shipped to. Staff
 * correct each with a reason; resolved items leave the open list.
 */
export function CalibrationPage() {
  const { t } = useTranslation('device');
  const { hasPermi } = usePermission();
  const mayPickAgent = useMayPickAgent();
  const mayCorrect = hasPermi('system:shipment-calibration:update');
  const [correcting, setCorrecting] = useState<CalibrationItem>();
  const [history, setHistory] = useState(false);
  const dash = (v: string | null) => v || '—';

  const columns = useMemo(
    () => [
      // What is wrong and whether it is settled, then the device, then the two countries side by side.
      col<CalibrationItem>('category', t('calibration.field.category'), { render: (c: CalibrationCategory) => <CategoryTag value={c} /> }),
      col<CalibrationItem>('resolved', t('calibration.field.resolved'), {
        render: (resolved: boolean) =>
          resolved ? (
            <Tag color="green" icon={<CheckCircleOutlined />}>
              {t('calibration.state.resolved')}
            </Tag>
          ) : (
            <Tag>{t('calibration.state.open')}</Tag>
          ),
      }),
      col<CalibrationItem>('uuid', t('calibration.field.uuid'), { render: (v: string) => (v ? <code>{v}</code> : '—') }),
      col<CalibrationItem>('deviceCode', t('calibration.field.deviceCode'), { render: dash }),
      col<CalibrationItem>('batchNo', t('calibration.field.batchNo'), { render: dash }),
      col<CalibrationItem>('shipmentCountry', t('calibration.field.shipmentCountry'), { render: dash }),
      col<CalibrationItem>('storeCountry', t('calibration.field.storeCountry'), { render: dash }),
      col<CalibrationItem>('agentName', t('calibration.field.agent'), { render: dash }),
      col<CalibrationItem>('storeName', t('calibration.field.store'), { render: dash }),
    ],
    [t],
  );

  return (
    <>
      <ListPage
        query={calibrationPageQuery}
        cache={calibrationCache}
        rowKey="key"
        columns={columns}
        filters={[
          selectFilter(
            'category',
            t('calibration.field.category'),
            CALIBRATION_CATEGORIES.map((value) => ({ value, label: t(`calibration.category.${value}`) })),
          ),
          selectFilter(
            'state',
            t('calibration.field.state'),
            STATES.map((value) => ({ value, label: t(`calibration.state.${value}`) })),
          ),
          ...(mayPickAgent
            ? [
                controlFilter(
                  'agentId',
                  t('calibration.field.agent'),
                  <AgentSelect placeholder={t('calibration.anyAgent')} testId="calibration-agent-filter" />,
                ),
              ]
            : []),
          textFilter('countryCode', t('calibration.field.country')),
          textFilter('uuid', t('calibration.field.uuid')),
        ]}
        actions={{ export: { endpoint: calibrationApi.exportExcel, fileName: t('calibration.file') } }}
        toolbar={
          <Button icon={<HistoryOutlined />} onClick={() => setHistory(true)} data-testid="calibration-history">
            {t('calibration.history.open')}
          </Button>
        }
        rowActions={
          mayCorrect
            ? (row) =>
                !row.resolved && (
                  <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setCorrecting(row)} data-testid="row-correct">
                    {t('calibration.correct.open')}
                  </Button>
                )
            : undefined
        }
      />
      {correcting && <CorrectDialog item={correcting} onClose={() => setCorrecting(undefined)} />}
      {history && <CorrectionsDrawer onClose={() => setHistory(false)} />}
    </>
  );
}
