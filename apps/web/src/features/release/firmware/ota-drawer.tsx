import { DictType, OTA_STEPS, type Firmware, type FirmwareChannel, type OtaHistoryRow, type OtaStep } from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import Drawer from 'antd/es/drawer';
import Input from 'antd/es/input';
import Statistic from 'antd/es/statistic';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/list-columns';
import { DictTag } from '../../../components/dict-tag';
import { otaHistoryQuery, otaSummaryQuery } from './api';

const STEP_COLOURS: Record<OtaStep, string> = {
  downloading: 'processing',
  downloaded: 'blue',
  verified: 'cyan',
  updating: 'processing',
  updated: 'success',
  failed: 'error',
};

/** What the devices report about one firmware: how many are at each step now, and each report, newest first. */
export function OtaDrawer({ channel, firmware, onClose }: { channel: FirmwareChannel; firmware: Firmware; onClose: () => void }) {
  const { t } = useTranslation('release');
  const [device, setDevice] = useState('');
  const [page, setPage] = useState(1);
  const summary = useQuery(otaSummaryQuery(channel, firmware.id));
  const history = useQuery(otaHistoryQuery(channel, { id: firmware.id, device: device || undefined, page, limit: 20 }));
  const count = (step: OtaStep) => summary.data?.find((s) => s.step === step)?.devices ?? 0;
  return (
    <Drawer
      open
      width={760}
      title={t('firmware.ota.title', { name: firmware.name, version: firmware.versionNumber })}
      onClose={onClose}
      data-testid="ota-drawer"
    >
      <p>
        <DictTag type={DictType.verifyStatus} value={firmware.verifyStatus} /> {t('firmware.ota.explain')}
      </p>
      <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap', marginBottom: 16 }} data-testid="ota-summary">
        {OTA_STEPS.map((step) => (
          <Statistic key={step} title={t(`firmware.ota.step.${step}`)} value={count(step)} />
        ))}
      </div>
      <Input.Search
        allowClear
        placeholder={t('firmware.ota.deviceFilter')}
        onSearch={(value) => {
          setDevice(value.trim());
          setPage(1);
        }}
        style={{ maxWidth: 320, marginBottom: 12 }}
        data-testid="ota-device-filter"
      />
      <Table<OtaHistoryRow>
        size="small"
        rowKey="id"
        loading={history.isLoading}
        dataSource={history.data?.list ?? []}
        pagination={{ current: page, pageSize: 20, total: history.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { key: 'device', dataIndex: 'device', title: t('firmware.ota.device') },
          {
            key: 'step',
            dataIndex: 'step',
            title: t('firmware.ota.stepTitle'),
            render: (step: OtaStep) => <Tag color={STEP_COLOURS[step]}>{t(`firmware.ota.step.${step}`)}</Tag>,
          },
          { key: 'percent', dataIndex: 'percent', title: '%', render: (p: number | null) => (p === null ? '—' : `${p} %`) },
          { key: 'reason', dataIndex: 'reason', title: t('firmware.ota.reason'), render: (r: string) => r || '—' },
          { key: 'createdAt', dataIndex: 'createdAt', title: t('firmware.ota.at'), render: (at: string) => <DateTime value={at} /> },
        ]}
      />
    </Drawer>
  );
}
