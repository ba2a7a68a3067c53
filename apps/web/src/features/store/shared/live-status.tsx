import InfoCircleOutlined from '@ant-design/icons/InfoCircleOutlined';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

// Online figures come from device reports, which the devices area derives once gateways connect.
// Until then the registry does not know them: the screens say so instead of showing a guess.

/**
 * A column header with the hint, named for screen readers. Not a tab stop: antd copies headers
 * into a hidden measuring row, where a focusable element would be a trap.
 */
export function LiveStatusTitle({ label }: { label: string }) {
  const { t } = useTranslation('store');
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {label}{' '}
      <Tooltip title={t('live.pending')}>
        <InfoCircleOutlined aria-label={t('live.pending')} data-testid="live-hint" />
      </Tooltip>
    </span>
  );
}

/** The live value once known; "—" with the hint while it is not. */
export function LiveValue<T>({ value, children }: { value: T | null; children: (value: T) => ReactNode }) {
  const { t } = useTranslation('store');
  if (value !== null) return <>{children(value)}</>;
  return (
    <Typography.Text type="secondary" title={t('live.pending')} data-testid="live-unknown">
      —
    </Typography.Text>
  );
}
