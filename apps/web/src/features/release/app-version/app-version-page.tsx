import CheckCircleOutlined from '@ant-design/icons/CheckCircleOutlined';
import { appVersionApi, RELEASE_PLATFORMS, type AppVersion, type ReleasePlatform } from '@lightdesk/contract';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Tag from 'antd/es/tag';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../../components/dict-tag';
import { col, dateCol, LONG_TEXT_WIDTH, LongText } from '../../../components/list-columns';
import { dictFilter, selectFilter, textFilter } from '../../../components/list-filters';
import { ListPage } from '../../../components/list-page';
import type { ScreenProps } from '../../../lib/navigation';
import { notify } from '../../../lib/notify';
import { usePermission } from '../../../lib/permission';
import { useRefreshResource } from '../../../lib/resource-cache';
import { appVersionCache, appVersionPageQuery, deleteAppVersion, setCurrentAppVersion } from './api';
import { appVersionForm } from './app-version-form';

/** The menu's component names the platform: `app/android-intl/index` → android-intl; the workbench shortcut is Android's. */
export const platformOf = (component: string): ReleasePlatform => RELEASE_PLATFORMS.find((p) => component === `app/${p}/index`) ?? 'android';

/**
 * Apps › Android, Android international, iOS, iOS international: the versions of one platform,
 * each brand's current download version tagged, and the switch that makes another current.
 */
export function AppVersionPage({ component }: ScreenProps) {
  const platform = platformOf(component);
  const { t } = useTranslation('release');
  const { hasPermi } = usePermission();
  const refresh = useRefreshResource();
  const [modal, holder] = Modal.useModal();
  const permission = (action: string) => `app:${platform}:${action}`;
  const maySetCurrent = hasPermi(permission('set-current'));
  const query = useMemo(() => appVersionPageQuery(platform), [platform]);
  const form = useMemo(() => appVersionForm(platform), [platform]);

  const columns = useMemo(
    () => [
      col<AppVersion>('versionNumber', t('app.field.versionNumber'), {
        sortable: true,
        render: (version: string, row: AppVersion) => (
          <>
            {version}
            {row.current && (
              <Tag color="success" icon={<CheckCircleOutlined />} style={{ marginInlineStart: 8 }} data-testid="current-tag">
                {t('app.current')}
              </Tag>
            )}
          </>
        ),
      }),
      col<AppVersion>('brand', t('app.field.brand'), { sortable: true, render: (brand: string) => <DictTag type="brand" value={brand} /> }),
      col<AppVersion>('scope', t('app.field.scope'), { render: (scope: string) => <DictTag type="app_scope" value={scope} /> }),
      col<AppVersion>('uploadDate', t('app.field.uploadDate'), { sortable: true }),
      col<AppVersion>('isForceUpdate', t('app.field.isForceUpdate'), {
        render: (forced: boolean) => (forced ? <Tag color="warning">{t('app.forced')}</Tag> : t('app.notForced')),
      }),
      col<AppVersion>('contentZh', t('app.field.content'), {
        render: (_: string, row: AppVersion) => <LongText text={row.contentEn || row.contentZh} width={LONG_TEXT_WIDTH} />,
      }),
      dateCol<AppVersion>('createdAt', t('app.field.createdAt'), { sortable: true }),
    ],
    [t],
  );

  const makeCurrent = (row: AppVersion) =>
    modal.confirm({
      title: t('app.setCurrentTitle', { version: row.versionNumber }),
      content: t('app.setCurrentHint'),
      okText: t('app.setCurrent'),
      cancelText: t('app.cancel'),
      onOk: async () => {
        try {
          await setCurrentAppVersion(platform, row.id);
          notify.success(t('app.setCurrentDone', { version: row.versionNumber }));
          await refresh(appVersionCache);
        } catch {
          // The HTTP client has shown why.
        }
      },
    });

  return (
    <>
      {holder}
      <ListPage
        key={platform}
        query={query}
        cache={appVersionCache}
        columns={columns}
        filters={[
          textFilter('versionNumber', t('app.field.versionNumber')),
          dictFilter('brand', t('app.field.brand'), 'brand'),
          dictFilter('scope', t('app.field.scope'), 'app_scope'),
          selectFilter('isForceUpdate', t('app.field.isForceUpdate'), [
            { value: 'true', label: t('app.forced') },
            { value: 'false', label: t('app.notForced') },
          ]),
        ]}
        actions={{
          create: { permission: permission('create'), form },
          edit: { permission: permission('update'), form },
          // The server refuses to delete the current version: the button is not offered.
          remove: {
            permission: permission('delete'),
            run: (row) => deleteAppVersion(platform, row.id),
            describe: (row) => row.versionNumber,
            when: (row) => !row.current,
          },
          export: { endpoint: appVersionApi[platform].exportExcel, fileName: t('app.file', { platform: t(`app.platform.${platform}`) }) },
        }}
        rowActions={(row) =>
          maySetCurrent &&
          !row.current && (
            <Button type="link" size="small" icon={<CheckCircleOutlined />} onClick={() => void makeCurrent(row)} data-testid="row-set-current">
              {t('app.setCurrent')}
            </Button>
          )
        }
      />
    </>
  );
}
