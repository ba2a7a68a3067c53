import { dictDataApi, DictType, type DictDataDetail, type DictTypeDetail } from '@lightdesk/contract';
import Drawer from 'antd/es/drawer';
import Typography from 'antd/es/typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { col, dateCol, dictCol, textCol } from '../../../components/list-columns';
import { dictFilter, textFilter } from '../../../components/list-filters';
import { ListPage } from '../../../components/list-page';
import { useWindowWidth } from '../../../components/use-window-width';
import { deleteDictData, dictDataPageQuery, dictDataCache } from './api';
import { DictDataForm } from './dict-data-form';
import { DictEntryTag } from './dict-entry-tag';
import { OpenDictType } from './dict-type-context';
import { useDictTypeName } from './dict-type-name';

/** The entries of one dictionary, beside its type list: list, create, edit, delete, export. */
export function DictDataDrawer({ dict, onClose }: { dict: DictTypeDetail; onClose: () => void }) {
  const { t } = useTranslation('system');
  const typeName = useDictTypeName();
  const width = useWindowWidth();
  const params = useMemo(() => ({ dictType: dict.type }), [dict.type]);

  const columns = useMemo(
    () => [
      col<DictDataDetail>('label', t('dict.data.label'), {
        sortable: true,
        render: (label: string, row: DictDataDetail) => (
          <DictEntryTag colorType={row.colorType} cssClass={row.cssClass}>
            {label}
          </DictEntryTag>
        ),
      }),
      col<DictDataDetail>('value', t('dict.data.value'), { sortable: true, render: (value: string) => <Typography.Text code>{value}</Typography.Text> }),
      dictCol<DictDataDetail>('status', t('common.status'), DictType.commonStatus),
      col<DictDataDetail>('colorType', t('dict.data.colorType'), { render: (c: string) => t(`dict.colour.${c || 'none'}`) }),
      col<DictDataDetail>('cssClass', t('dict.data.cssClass')),
      col<DictDataDetail>('sort', t('common.sort'), { sortable: true, width: 80 }),
      textCol<DictDataDetail>('remark', t('common.remark')),
      dateCol<DictDataDetail>('createdAt', t('common.createdAt'), { sortable: true }),
    ],
    [t],
  );

  return (
    <Drawer
      open
      title={
        <>
          {t('dict.data.title', { name: typeName(dict) })} <Typography.Text code>{dict.type}</Typography.Text>
        </>
      }
      size={Math.min(1040, width)}
      onClose={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      data-testid="dict-data-drawer"
    >
      <OpenDictType value={dict.type}>
        <ListPage
          query={dictDataPageQuery}
          cache={dictDataCache}
          inUrl={false}
          params={params}
          columns={columns}
          filters={[textFilter('label', t('dict.data.label')), dictFilter('status', t('common.status'), DictType.commonStatus)]}
          actions={{
            create: { permission: 'system:dict:create', form: DictDataForm },
            edit: { permission: 'system:dict:update', form: DictDataForm },
            remove: { permission: 'system:dict:delete', run: (row) => deleteDictData(row.id), describe: (row) => `${row.label} (${row.value})` },
            export: { endpoint: dictDataApi.exportExcel, fileName: t('dict.data.exportFile', { type: dict.type }) },
          }}
        />
      </OpenDictType>
    </Drawer>
  );
}
