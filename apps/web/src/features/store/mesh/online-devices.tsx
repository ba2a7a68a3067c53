import InfoCircleOutlined from '@ant-design/icons/InfoCircleOutlined';
import Tooltip from 'antd/es/tooltip';
import { useTranslation } from 'react-i18next';

/**
 * Online devices: the count is null until the devices area derives it from device reports, so
 * the screen says it is not known yet rather than showing a number it does not have.
 */
export function OnlineDevices({ count }: { count: number | null }) {
  const { t } = useTranslation('store');
  if (count !== null) return <>{count}</>;
  return (
    <Tooltip title={t('mesh.online.pending')}>
      <span data-testid="online-unknown">—</span>
    </Tooltip>
  );
}

/**
 * The column header with the same hint, named for screen readers. Not a tab stop: antd copies
 * headers into a hidden measuring row, where a focusable element would be a trap.
 */
export function OnlineDevicesTitle() {
  const { t } = useTranslation('store');
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {t('mesh.field.onlineDevices')}{' '}
      <Tooltip title={t('mesh.online.pending')}>
        <InfoCircleOutlined aria-label={t('mesh.online.pending')} />
      </Tooltip>
    </span>
  );
}
