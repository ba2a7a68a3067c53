import { configApi, type ConfigEntry, type ConfigValueType, type ConfigVisibility } from '@lightdesk/contract';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { col, dateCol, LONG_TEXT_WIDTH, LongText, textCol } from '../../../components/list-columns';
import { textFilter } from '../../../components/list-filters';
import { ListPage } from '../../../components/list-page';
import { deleteConfig, configPageQuery, configCache } from './api';
import { ConfigForm } from './config-form';
import { useSettingText } from './setting-text';

/**
 * Parameter settings: typed key/value entries. Built-in ones are read by the server
 * (captcha, sign-in failure limit, upload size): editable, never deletable.
 */
export function ConfigPage() {
  const { t } = useTranslation('system');
  const settingText = useSettingText();

  const columns = useMemo(
    () => [
      col<ConfigEntry>('name', t('config.field.name'), { sortable: true, render: (_: string, row: ConfigEntry) => settingText(row, 'name') }),
      col<ConfigEntry>('key', t('config.field.key'), { sortable: true, render: (key: string) => <Typography.Text code>{key}</Typography.Text> }),
      col<ConfigEntry>('value', t('config.field.value'), {
        render: (value: string, row: ConfigEntry) =>
          row.valueType === 'boolean' ? (
            <Tag color={value === 'true' ? 'success' : 'default'}>{t(value === 'true' ? 'common.on' : 'common.off')}</Tag>
          ) : (
            <LongText text={value} width={LONG_TEXT_WIDTH} />
          ),
      }),
      textCol<ConfigEntry>('remark', t('common.remark'), {
        width: 200,
        render: (_: string, row: ConfigEntry) => <LongText text={settingText(row, 'remark')} width={200} />,
      }),
      col<ConfigEntry>('valueType', t('config.field.valueType'), { render: (type: ConfigValueType) => t(`config.type.${type}`) }),
      col<ConfigEntry>('builtIn', t('config.field.builtIn'), {
        render: (builtIn: boolean) => (builtIn ? <Tag color="gold">{t('config.builtIn')}</Tag> : <Tag>{t('config.custom')}</Tag>),
      }),
      col<ConfigEntry>('visibility', t('config.field.visible'), { render: (visibility: ConfigVisibility) => t(`config.visibility.${visibility}`) }),
      dateCol<ConfigEntry>('createdAt', t('common.createdAt'), { sortable: true }),
    ],
    [t, settingText],
  );

  return (
    <ListPage
      query={configPageQuery}
      cache={configCache}
      columns={columns}
      filters={[textFilter('name', t('config.field.name')), textFilter('key', t('config.field.key'))]}
      actions={{
        create: { permission: 'system:config:create', form: ConfigForm },
        edit: { permission: 'system:config:update', form: ConfigForm },
        remove: {
          permission: 'system:config:delete',
          run: (row) => deleteConfig(row.id),
          describe: (row) => `${row.name} (${row.key})`,
          when: (row) => !row.builtIn,
        },
        export: { endpoint: configApi.exportExcel, fileName: t('config.exportFile') },
      }}
    />
  );
}
