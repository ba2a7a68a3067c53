import { mobileDeviceApi, MobileDevice } from '@lightdesk/contract';
import Tag from 'antd/es/tag';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { col, dateCol } from '../../../components/list-columns';
import { dateRangeFilter, selectFilter, textFilter } from '../../../components/list-filters';
import { ListPage } from '../../../components/list-page';
import { mobileDeviceCache, mobileDevicePageQuery } from './api';

const PLATFORM_COLOURS: Record<MobileDevice['platform'], string> = { ios: 'geekblue', android: 'green' };

/** Stores › Mobile devices: the phones app users signed in with, newest activity first. */
export function MobileDevicePage() {
  const { t } = useTranslation('store');
  const columns = useMemo(
    () => [
      col<MobileDevice>('email', t('device.mobile.email')),
      col<MobileDevice>('nickname', t('device.mobile.nickname')),
      col<MobileDevice>('platform', t('device.mobile.platform'), {
        render: (platform: MobileDevice['platform']) => <Tag color={PLATFORM_COLOURS[platform]}>{t(`device.platform.${platform}`)}</Tag>,
      }),
      dateCol<MobileDevice>('lastActiveAt', t('device.mobile.lastActiveAt'), { sortable: true }),
      col<MobileDevice>('model', t('device.mobile.model'), { sortable: true }),
      col<MobileDevice>('osVersion', t('device.mobile.osVersion')),
      col<MobileDevice>('appVersion', t('device.mobile.appVersion')),
      dateCol<MobileDevice>('createDate', t('device.mobile.createDate'), { sortable: true }),
    ],
    [t],
  );
  return (
    <ListPage
      query={mobileDevicePageQuery}
      cache={mobileDeviceCache}
      columns={columns}
      filters={[
        textFilter('email', t('device.mobile.email')),
        textFilter('model', t('device.mobile.model')),
        selectFilter(
          'platform',
          t('device.mobile.platform'),
          MobileDevice.shape.platform.options.map((platform) => ({ value: platform, label: t(`device.platform.${platform}`) })),
        ),
        dateRangeFilter('created', t('device.mobile.createDate')),
      ]}
      actions={{ export: { endpoint: mobileDeviceApi.exportExcel, fileName: t('device.file.mobile') } }}
    />
  );
}
