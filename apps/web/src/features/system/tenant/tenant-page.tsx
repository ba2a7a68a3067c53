import { DictType, tenantApi, type Tenant } from '@lightdesk/contract';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../../components/dict-tag';
import { col, dateCol, dictCol } from '../../../components/list-columns';
import { dateRangeFilter, dictFilter, textFilter } from '../../../components/list-filters';
import { ListPage } from '../../../components/list-page';
import { usePermission } from '../../../lib/permission';
import { deleteTenant, tenantPageQuery, tenantCache } from './api';
import { TenantExpiry } from './tenant-expiry';
import { TenantForm } from './tenant-form';
import { TenantStatusSwitch } from './tenant-status-switch';

/** The platform is a tenant too and is listed, but the server refuses to change, disable or delete it. */
const isAgent = (row: Tenant) => row.type === 'agent';

/** Agents: the platform's resellers, each a tenant with a package of menus. */
export function TenantPage() {
  const { t } = useTranslation('system');
  const { hasPermi } = usePermission();
  const canToggle = hasPermi('system:tenant:update');

  const columns = useMemo(
    () => [
      col<Tenant>('name', t('tenant.field.name'), { sortable: true }),
      col<Tenant>('code', t('tenant.field.code'), {
        sortable: true,
        render: (code: string, row: Tenant) => (
          <Space size={4}>
            <Typography.Text code>{code}</Typography.Text>
            {!isAgent(row) && <Tag color="purple">{t('tenant.platform')}</Tag>}
          </Space>
        ),
      }),
      canToggle
        ? col<Tenant>('status', t('tenant.field.status'), {
            sortable: true,
            render: (_: unknown, row: Tenant) =>
              isAgent(row) ? <TenantStatusSwitch tenant={row} /> : <DictTag type={DictType.commonStatus} value={String(row.status)} />,
          })
        : dictCol<Tenant>('status', t('tenant.field.status'), DictType.commonStatus, { sortable: true }),
      col<Tenant>('contactName', t('tenant.field.contact'), {
        render: (_: unknown, row: Tenant) => (
          <>
            <div>{row.contactName || '—'}</div>
            {row.contactMobile && <Typography.Text type="secondary">{row.contactMobile}</Typography.Text>}
          </>
        ),
      }),
      col<Tenant>('expiresAt', t('tenant.field.expiresAt'), { sortable: true, render: (value: string | null) => <TenantExpiry expiresAt={value} /> }),
      col<Tenant>('packageName', t('tenant.field.package'), { render: (value: string | null) => value ?? '—' }),
      col<Tenant>('staffCount', t('tenant.field.staff'), {
        render: (_: unknown, row: Tenant) => t('tenant.staffOf', { count: row.staffCount, quota: row.staffQuota ?? '∞' }),
      }),
      dateCol<Tenant>('createdAt', t('common.createdAt'), { sortable: true }),
    ],
    [t, canToggle],
  );

  return (
    <ListPage
      query={tenantPageQuery}
      cache={tenantCache}
      columns={columns}
      filters={[
        textFilter('name', t('tenant.field.name')),
        textFilter('code', t('tenant.field.code')),
        textFilter('contact', t('tenant.field.contact')),
        dictFilter('status', t('tenant.field.status'), DictType.commonStatus),
        dateRangeFilter('expires', t('tenant.field.expiresAt')),
      ]}
      actions={{
        create: { permission: 'system:tenant:create', form: TenantForm },
        edit: { permission: 'system:tenant:update', form: TenantForm, when: isAgent },
        remove: { permission: 'system:tenant:delete', run: (row) => deleteTenant(row.id), describe: (row) => `${row.name} (${row.code})`, when: isAgent },
        export: { endpoint: tenantApi.exportExcel, fileName: t('tenant.exportFile') },
      }}
    />
  );
}
