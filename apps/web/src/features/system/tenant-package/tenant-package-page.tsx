import { DictType, type TenantPackage } from '@lightdesk/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { col, dateCol, dictCol, textCol } from '../../../components/list-columns';
import { dictFilter, textFilter } from '../../../components/list-filters';
import { ListPage } from '../../../components/list-page';
import { deletePackage, packagePageQuery, packageCache } from './api';
import { TenantPackageForm } from './tenant-package-form';

/** Agent packages: named sets of menus; an agent's roles can grant only its package's menus. */
export function TenantPackagePage() {
  const { t } = useTranslation('system');
  const columns = useMemo(
    () => [
      col<TenantPackage>('name', t('package.field.name'), { sortable: true }),
      dictCol<TenantPackage>('status', t('package.field.status'), DictType.commonStatus, { sortable: true }),
      textCol<TenantPackage>('remark', t('common.remark')),
      dateCol<TenantPackage>('createdAt', t('common.createdAt'), { sortable: true }),
    ],
    [t],
  );
  return (
    <ListPage
      query={packagePageQuery}
      cache={packageCache}
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
