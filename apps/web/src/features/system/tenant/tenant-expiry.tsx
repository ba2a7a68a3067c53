import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../lib/i18n/languages';
import { formatDateTime } from '../../../lib/i18n/ui-locale';

/** True once the expiry has passed: the agent's staff can no longer sign in. */
export const isExpired = (expiresAt: string | null, now = Date.now()) => expiresAt !== null && new Date(expiresAt).getTime() <= now;

/** An agent's expiry day, "never" when unset, and a warning tag once it has passed. */
export function TenantExpiry({ expiresAt }: { expiresAt: string | null }) {
  const { t, i18n } = useTranslation('system');
  if (!expiresAt) return <Typography.Text type="secondary">{t('tenant.expiry.never')}</Typography.Text>;
  return (
    <Space size={4}>
      <time dateTime={expiresAt}>{formatDateTime(expiresAt, i18n.language as Language, { dateStyle: 'medium' })}</time>
      {isExpired(expiresAt) && (
        <Tag color="warning" data-testid="tenant-expired">
          {t('tenant.expiry.expired')}
        </Tag>
      )}
    </Space>
  );
}
