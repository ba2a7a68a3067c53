import CheckCircleOutlined from '@ant-design/icons/CheckCircleOutlined';
import CloudSyncOutlined from '@ant-design/icons/CloudSyncOutlined';
import RiseOutlined from '@ant-design/icons/RiseOutlined';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { canPromote, DictType, firmwareApis, NEXT_CHANNEL, type Firmware, type FirmwareChannel } from '@lightdesk/contract';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Tag from 'antd/es/tag';
import { useMemo, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../../components/dict-tag';
import { col, dateCol, dictCol } from '../../../components/list-columns';
import { dictFilter, selectFilter, textFilter } from '../../../components/list-filters';
import { ListPage, type ListHandle } from '../../../components/list-page';
import { lazyPart } from '../../../lib/lazy';
import { notify } from '../../../lib/notify';
import { usePermission } from '../../../lib/permission';
import { useRefreshResource } from '../../../lib/resource-cache';
import { deleteFirmware, firmwareCaches, firmwarePageQuery, promoteFirmware, verifyFirmware } from './api';
import type { CheckDialog as Check } from './check-dialog';
import { firmwareForm } from './firmware-form';
import { formatSize } from './format';
import type { OtaDrawer as Ota } from './ota-drawer';

const OtaDrawer = lazyPart<ComponentProps<typeof Ota>>(() => import('./ota-drawer').then((m) => ({ default: m.OtaDrawer })));
const CheckDialog = lazyPart<ComponentProps<typeof Check>>(() => import('./check-dialog').then((m) => ({ default: m.CheckDialog })));

/**
 * Firmware › one channel (release, factory or development): the packages, their verification,
 * promotion to the next channel, the release's staged rollout, what devices report while they
 * update, and "check as a device". The three menu entries share this screen.
 */
export function FirmwarePage({ channel }: { channel: FirmwareChannel }) {
  const { t } = useTranslation('release');
  const { hasPermi } = usePermission();
  const [modal, holder] = Modal.useModal();
  const refresh = useRefreshResource();
  const [otaOf, setOtaOf] = useState<Firmware>();
  const [checking, setChecking] = useState(false);
  const perm = (action: string) => `firmware:${channel}:${action}`;
  const next = canPromote(channel) ? NEXT_CHANNEL[channel] : undefined;
  const form = firmwareForm(channel);

  const verify = (row: Firmware, list: ListHandle<Firmware>) =>
    modal.confirm({
      title: t('firmware.verify.confirm'),
      content: `${row.name} ${row.versionNumber}`,
      okText: t('firmware.ok'),
      cancelText: t('firmware.cancel'),
      onOk: async () => {
        try {
          await verifyFirmware(channel, row.id);
        } catch {
          return; // The HTTP client has shown why.
        }
        notify.success(t('firmware.verify.done'));
        list.reload();
      },
    });

  const promote = (row: Firmware, from: 'development' | 'factory', to: FirmwareChannel) =>
    modal.confirm({
      title: t('firmware.promote.confirm', { channel: t(`firmware.channel.${to}`) }),
      content: `${row.name} ${row.versionNumber}`,
      okText: t('firmware.ok'),
      cancelText: t('firmware.cancel'),
      onOk: async () => {
        try {
          await promoteFirmware(from, row.id);
        } catch {
          return;
        }
        notify.success(t('firmware.promote.done', { channel: t(`firmware.channel.${to}`) }));
        void refresh(firmwareCaches[to]);
      },
    });

  const columns = useMemo(
    () => [
      // Which firmware and whether it is verified first: only verified firmware reaches devices.
      col<Firmware>('name', t('firmware.field.name')),
      col<Firmware>('versionNumber', t('firmware.field.versionNumber'), { sortable: true }),
      col<Firmware>('verifyStatus', t('firmware.field.verifyStatus'), {
        render: (status: string) => <DictTag type={DictType.verifyStatus} value={status} />,
      }),
      dictCol<Firmware>('firmwareType', t('firmware.field.firmwareType'), DictType.firmwareType, { sortable: true }),
      col<Firmware>('module', t('firmware.field.module')),
      col<Firmware>('packageType', t('firmware.field.packageType'), {
        render: (type: string, row: Firmware) => (type === 'sub' ? `${t('firmware.packageType.sub')} ← ${row.fromVersion}` : t('firmware.packageType.full')),
      }),
      col<Firmware>('size', t('firmware.field.size'), { sortable: true, align: 'right', render: (size: number) => formatSize(size) }),
      col<Firmware>('isForceUpdate', t('firmware.field.isForceUpdate'), {
        render: (force: boolean) => (force ? <Tag color="red">{t('firmware.yes')}</Tag> : t('firmware.no')),
      }),
      ...(channel === 'release'
        ? [
            col<Firmware>('rolloutTarget', t('firmware.field.rolloutTarget'), {
              render: (target: string, row: Firmware) => (
                <>
                  {target === 'percent'
                    ? `${row.rolloutPercent} %`
                    : target === 'stores'
                      ? t('firmware.storeCount', { count: row.rolloutStoreIds.length })
                      : t('firmware.rollout.all')}
                  {row.rolloutPaused && (
                    <Tag color="orange" style={{ marginLeft: 6 }}>
                      {t('firmware.paused')}
                    </Tag>
                  )}
                </>
              ),
            }),
          ]
        : []),
      dateCol<Firmware>('uploadDate', t('firmware.field.uploadDate'), { sortable: true }),
    ],
    [t, channel],
  );

  return (
    <>
      {holder}
      <ListPage
        query={firmwarePageQuery(channel)}
        cache={firmwareCaches[channel]}
        columns={columns}
        filters={[
          dictFilter('firmwareType', t('firmware.field.firmwareType'), DictType.firmwareType),
          textFilter('versionNumber', t('firmware.field.versionNumber')),
          dictFilter('verifyStatus', t('firmware.field.verifyStatus'), DictType.verifyStatus),
          selectFilter('isForceUpdate', t('firmware.field.isForceUpdate'), [
            { value: 'true', label: t('firmware.yes') },
            { value: 'false', label: t('firmware.no') },
          ]),
        ]}
        actions={{
          create: { permission: perm('create'), form },
          edit: { permission: perm('update'), form },
          remove: { permission: perm('delete'), run: (f) => deleteFirmware(channel, f.id), describe: (f) => `${f.name} ${f.versionNumber}` },
          export: { endpoint: firmwareApis[channel].exportExcel, fileName: t('firmware.file', { channel: t(`firmware.channel.${channel}`) }) },
        }}
        toolbar={
          <Button icon={<SearchOutlined />} onClick={() => setChecking(true)} data-testid="firmware-check">
            {t('firmware.check.open')}
          </Button>
        }
        rowActions={(row, list) => (
          <>
            {hasPermi(perm('verify')) && row.verifyStatus === '1' && (
              <Button type="link" size="small" icon={<CheckCircleOutlined />} onClick={() => void verify(row, list)} data-testid="row-verify">
                {t('firmware.verify.action')}
              </Button>
            )}
            {next && canPromote(channel) && hasPermi(perm('create')) && (
              <Button type="link" size="small" icon={<RiseOutlined />} onClick={() => void promote(row, channel, next)} data-testid="row-promote">
                {t('firmware.promote.action', { channel: t(`firmware.channel.${next}`) })}
              </Button>
            )}
            <Button type="link" size="small" icon={<CloudSyncOutlined />} onClick={() => setOtaOf(row)} data-testid="row-ota">
              {t('firmware.ota.action')}
            </Button>
          </>
        )}
      />
      {otaOf && <OtaDrawer channel={channel} firmware={otaOf} onClose={() => setOtaOf(undefined)} />}
      {checking && <CheckDialog channel={channel} onClose={() => setChecking(false)} />}
    </>
  );
}

/** The three menu entries' screens. */
export const ReleaseFirmwarePage = () => <FirmwarePage channel="release" />;
export const FactoryFirmwarePage = () => <FirmwarePage channel="factory" />;
export const DevelopmentFirmwarePage = () => <FirmwarePage channel="development" />;
