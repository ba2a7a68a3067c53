import UnorderedListOutlined from '@ant-design/icons/UnorderedListOutlined';
import { DictType, dictTypeApi, type DictTypeDetail } from '@lightdesk/contract';
import Button from 'antd/es/button';
import Typography from 'antd/es/typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { col, dateCol, dictCol, textCol } from '../../../components/list-columns';
import { dictFilter, textFilter } from '../../../components/list-filters';
import { ListPage } from '../../../components/list-page';
import { deleteDictType, dictTypePageQuery, dictTypeCache } from './api';
import { DictDataDrawer } from './dict-data-drawer';
import { DictTypeForm } from './dict-type-form';
import { useDictTypeName } from './dict-type-name';

/**
 * Dictionaries: the types, and for a chosen type its entries in a drawer. Every change
 * refreshes the web's dictionary cache (api.ts), so other screens show new labels at once.
 */
export function DictPage() {
  const { t } = useTranslation('system');
  const [open, setOpen] = useState<DictTypeDetail>();
  const typeName = useDictTypeName();

  const columns = useMemo(
    () => [
      col<DictTypeDetail>('name', t('dict.type.name'), { sortable: true, render: (_: string, row: DictTypeDetail) => typeName(row) }),
      col<DictTypeDetail>('type', t('dict.type.type'), {
        sortable: true,
        render: (type: string, row: DictTypeDetail) => (
          <Typography.Link onClick={() => setOpen(row)} data-testid="dict-type-link">
            {type}
          </Typography.Link>
        ),
      }),
      dictCol<DictTypeDetail>('status', t('common.status'), DictType.commonStatus, { width: 100 }),
      textCol<DictTypeDetail>('remark', t('common.remark')),
      dateCol<DictTypeDetail>('createdAt', t('common.createdAt'), { sortable: true }),
    ],
    [t, typeName],
  );

  // Everyone who may list the types may list the entries (one permission, system:dict:query).
  const entries = (row: DictTypeDetail) => (
    <Button type="link" size="small" icon={<UnorderedListOutlined />} onClick={() => setOpen(row)} data-testid="dict-entries">
      {t('dict.entries')}
    </Button>
  );

  return (
    <>
      <ListPage
        query={dictTypePageQuery}
        cache={dictTypeCache}
        columns={columns}
        filters={[
          textFilter('name', t('dict.type.name')),
          textFilter('type', t('dict.type.type')),
          dictFilter('status', t('common.status'), DictType.commonStatus),
        ]}
        rowActions={entries}
        actions={{
          create: { permission: 'system:dict:create', form: DictTypeForm },
          edit: { permission: 'system:dict:update', form: DictTypeForm },
          remove: { permission: 'system:dict:delete', run: (row) => deleteDictType(row.id), describe: (row) => `${typeName(row)} (${row.type})` },
          export: { endpoint: dictTypeApi.exportExcel, fileName: t('dict.type.exportFile') },
        }}
      />
      {open && <DictDataDrawer dict={open} onClose={() => setOpen(undefined)} />}
    </>
  );
}
