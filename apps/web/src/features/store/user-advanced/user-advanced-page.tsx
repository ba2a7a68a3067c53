import UndoOutlined from '@ant-design/icons/UndoOutlined';
import type { AppUserSettings, AppUserSettingsEffective } from '@lightdesk/contract';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { col, dateCol } from '../../../components/list-columns';
import { textFilter } from '../../../components/list-filters';
import { ListPage } from '../../../components/list-page';
import { notify } from '../../../lib/notify';
import { usePermission } from '../../../lib/permission';
import { useRefreshResource } from '../../../lib/resource-cache';
import { clearUserAdvanced, userAdvancedCache, userAdvancedPageQuery } from './api';
import { UserAdvancedForm } from './user-advanced-form';

type Setting = keyof AppUserSettingsEffective;
const UPDATE = 'system:user-advanced:update';

/**
 * Administration › User advanced settings: the app users who have limits or features of their
 * own. Each setting shows the person's own value, or the platform default that applies instead;
 * "Reset to defaults" removes every override of the person.
 */
export function UserAdvancedPage() {
  const { t } = useTranslation('store');
  const { hasPermi } = usePermission();
  const refresh = useRefreshResource();
  const [modal, holder] = Modal.useModal();
  const canUpdate = hasPermi(UPDATE);

  const columns = useMemo(() => {
    const shown = (value: number | boolean) => (typeof value === 'boolean' ? t(value ? 'advanced.on' : 'advanced.off') : String(value));
    // The person's own value, else the default that applies, saying so.
    const setting = (key: Setting) =>
      col<AppUserSettings>(key, t(`advanced.${key}`), {
        render: (_: unknown, row: AppUserSettings) =>
          row[key] === null ? t('advanced.defaultValue', { value: shown(row.effective[key]) }) : shown(row.effective[key]),
      });
    return [
      col<AppUserSettings>('email', t('advanced.email'), { fixed: 'left' }),
      col<AppUserSettings>('nickname', t('advanced.nickname')),
      col<AppUserSettings>('mobile', t('advanced.mobile')),
      setting('maxStores'),
      setting('maxDevicesPerStore'),
      setting('heatmap'),
      setting('customerCounting'),
      setting('retentionDays'),
      dateCol<AppUserSettings>('updatedAt', t('advanced.updatedAt')),
    ];
  }, [t]);

  const clear = (row: AppUserSettings) =>
    modal.confirm({
      title: t('advanced.clearTitle', { name: row.nickname || row.email || row.mobile }),
      content: t('advanced.clearHint'),
      okText: t('advanced.clear'),
      cancelText: t('advanced.cancel'),
      mask: { closable: false },
      onOk: async () => {
        try {
          await clearUserAdvanced(row.id);
          notify.success(t('advanced.cleared'));
          await refresh(userAdvancedCache);
        } catch {
          // The HTTP client has shown why.
        }
      },
    });

  return (
    <>
      {holder}
      <ListPage
        query={userAdvancedPageQuery}
        cache={userAdvancedCache}
        filters={[textFilter('email', t('advanced.email')), textFilter('mobile', t('advanced.mobile'))]}
        columns={columns}
        actions={{ create: { permission: UPDATE, form: UserAdvancedForm }, edit: { permission: UPDATE, form: UserAdvancedForm } }}
        rowActions={
          canUpdate
            ? (row) => (
                <Button type="link" size="small" icon={<UndoOutlined />} onClick={() => void clear(row)} data-testid="advanced-clear">
                  {t('advanced.clear')}
                </Button>
              )
            : undefined
        }
      />
    </>
  );
}
