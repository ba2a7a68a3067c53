import type { CalibrationCorrection } from '@lightdesk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Drawer from 'antd/es/drawer';
import Table from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/list-columns';
import { Pagination } from '../../../components/pagination';
import { correctionsQuery } from './api';

/** What each correction changed, e.g. "NL → BE" or the shipment a device was added to. */
const change = (c: CalibrationCorrection) =>
  c.action === 'change-country' ? `${c.detail.from} → ${c.detail.to}` : c.action === 'link-shipment' ? String(c.detail.batchNo ?? '') : '';

/** Who corrected what, when and why, newest first. */
export function CorrectionsDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('device');
  const [page, setPage] = useState({ page: 1, limit: 20 });
  const { data, isFetching } = useQuery({ ...correctionsQuery({ ...page, uuid: undefined }), placeholderData: keepPreviousData });
  return (
    <Drawer open onClose={onClose} title={t('calibration.history.title')} size={880} destroyOnHidden data-testid="corrections">
      <Table<CalibrationCorrection>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data?.list ?? []}
        pagination={false}
        columns={[
          { key: 'createdAt', dataIndex: 'createdAt', title: t('calibration.history.at'), render: (v: string) => <DateTime value={v} /> },
          { key: 'staff', dataIndex: 'staffName', title: t('calibration.history.staff'), render: (v: string | null) => v ?? '—' },
          { key: 'action', dataIndex: 'action', title: t('calibration.correct.action'), render: (v: string) => t(`calibration.action.${v}`) },
          { key: 'uuid', dataIndex: 'uuid', title: t('calibration.field.uuid') },
          { key: 'change', title: t('calibration.history.change'), render: (_: unknown, c: CalibrationCorrection) => change(c) || '—' },
          { key: 'reason', dataIndex: 'reason', title: t('calibration.correct.reason') },
        ]}
      />
      <Pagination page={page.page} limit={page.limit} total={data?.total ?? 0} onChange={(p, limit) => setPage({ page: p, limit })} />
    </Drawer>
  );
}
