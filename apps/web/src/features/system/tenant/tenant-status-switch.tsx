import type { Tenant } from '@lightdesk/contract';
import { useTranslation } from 'react-i18next';
import { StatusSwitch } from '../../../components/status-switch';
import { tenantCache, updateTenantStatus } from './api';

/** Disabling an agent signs all of its staff out at once and keeps them out (server). */
export function TenantStatusSwitch({ tenant }: { tenant: Tenant }) {
  const { t } = useTranslation('system');
  return (
    <StatusSwitch
      status={tenant.status}
      onSave={(status) => updateTenantStatus({ id: tenant.id, status })}
      changes={tenantCache}
      confirmTitle={(enable) => t(enable ? 'tenant.status.enableTitle' : 'tenant.status.disableTitle', { name: tenant.name })}
      disableHint={t('tenant.status.disableHint')}
      savedText={(enable) => t(enable ? 'tenant.status.enabled' : 'tenant.status.disabled')}
      checkedChildren={t('tenant.status.on')}
      unCheckedChildren={t('tenant.status.off')}
      aria-label={t('tenant.status.toggle', { name: tenant.name })}
      data-testid="tenant-status"
    />
  );
}
