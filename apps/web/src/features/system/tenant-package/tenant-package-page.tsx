import { DictType, type TenantPackage } from '@lightdesk/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { col, dateCol, dictCol } from '../../../components/list-columns';
import { dictFilter, textFilter } from '../../../components/list-filters';
import { ListPage } from '../../../components/list-page';
import { deletePackage, packagePageQuery } from './api';
import { TenantPackageForm } from './tenant-package-form';

/** Agent packages (issue 4): named sets of menus; an agent's roles can grant only its package's menus. */
export function TenantPackagePage() {
  const { t } = useTranslation('system-tenancy');
  const columns = useMemo(
    () => [
      col<TenantPackage>('name', t('package.field.name')),
      dictCol<TenantPackage>('status', t('package.field.status'), DictType.commonStatus),
      col<TenantPackage>('remark', t('common.remark'), { ellipsis: true, render: (value: string) => value || '—' }),
      dateCol<TenantPackage>('createdAt', t('common.createdAt')),
    ],
    [t],
  );
  return (
    <ListPage
      query={packagePageQuery}
      columns={columns}
      filters={[textFilter('name', t('package.field.name')), dictFilter('status', t('package.field.status'), DictType.commonStatus)]}
      actions={{
        create: { permission: 'system:tenant-package:create', form: TenantPackageForm },
        edit: { permission: 'system:tenant-package:update', form: TenantPackageForm },
        remove: { permission: 'system:tenant-package:delete', run: (row) => deletePackage(row.id), describe: (row) => row.name },
      }}
    />
  );
}
