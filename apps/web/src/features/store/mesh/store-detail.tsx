import { ResultCode, type StoreDetail } from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Modal from 'antd/es/modal';
import Skeleton from 'antd/es/skeleton';
import Table from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Typography from 'antd/es/typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceModelLabel } from '../../../components/device-type';
import { DateTime } from '../../../components/list-columns';
import { ApiError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { usePermission } from '../../../lib/permission';
import { useRefreshResource } from '../../../lib/resource-cache';
import { useCountryName } from '../shared/country-name';
import { OnlineBadge } from '../../../components/online-badge';
import { StoreRoleTag } from '../shared/store-role-tag';
import { dissolveStoreGroup, removeStoreMember, storeCache, storeDetailQuery, transferStoreAdmin } from './api';
import { StoreHistory } from './store-history';

type Member = StoreDetail['members'][number];
type Group = StoreDetail['groups'][number];
type Device = StoreDetail['devices'][number];

interface Confirmation {
  title: string;
  content: ReactNode;
  okText: string;
  run: () => Promise<unknown>;
}

/**
 * Runs an action on the store after the person confirms it; then the drawer and the list show
 * the store as it is now. A store rule's refusal (555) is the screen's to show: it stays above
 * the tabs, in the person's language, until the next action.
 */
function useStoreAction() {
  const { t } = useTranslation('store');
  const refresh = useRefreshResource();
  const [modal, holder] = Modal.useModal();
  const [refusal, setRefusal] = useState<string>();
  const confirm = ({ title, content, okText, run }: Confirmation) => {
    setRefusal(undefined);
    void modal.confirm({
      title,
      content,
      okText,
      okType: 'danger',
      cancelText: t('mesh.action.cancel'),
      mask: { closable: false },
      onOk: async () => {
        try {
          await run();
          notify.success(t('mesh.action.done'));
        } catch (error) {
          // Other failures were shown by the HTTP client.
          if (error instanceof ApiError && error.code === ResultCode.refusal) setRefusal(error.text);
        }
        void refresh(storeCache);
      },
    });
  };
  return { confirm, refusal, clearRefusal: () => setRefusal(undefined), holder };
}

/** One store in full: its facts, then its members, lighting groups, devices and history. */
export function StoreDetailDrawer({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const { t } = useTranslation('store');
  const detail = useQuery({ ...storeDetailQuery(id ?? 0), enabled: id !== undefined });
  const store = id !== undefined ? detail.data : undefined;
  return (
    <Drawer open={id !== undefined} onClose={onClose} title={store?.meshName ?? t('mesh.detail.title')} size={880} destroyOnHidden data-testid="store-detail">
      {store ? <StoreDetailBody store={store} /> : <Skeleton active />}
    </Drawer>
  );
}

function StoreDetailBody({ store }: { store: StoreDetail }) {
  const { t } = useTranslation('store');
  const country = useCountryName();
  const modelLabel = useDeviceModelLabel();
  const { hasPermi } = usePermission();
  const { confirm, refusal, clearRefusal, holder } = useStoreAction();
  const mayTransfer = hasPermi('store:mesh:transfer-admin');
  const mayRemove = hasPermi('store:mesh:remove-member');
  const mayDissolve = hasPermi('store:mesh:dissolve-group');
  const admin = store.members.find((m) => m.role === 'admin');
  const contact = (m: Member) => m.email || m.mobile;

  const transfer = (m: Member) =>
    confirm({
      title: t('mesh.transfer.title', { name: m.nickname }),
      content: t('mesh.transfer.explain', { name: m.nickname, admin: admin?.nickname ?? '—' }),
      okText: t('mesh.transfer.ok'),
      run: () => transferStoreAdmin(store.id, m.appUserId),
    });
  const remove = (m: Member) =>
    confirm({
      title: t('mesh.remove.title', { name: m.nickname }),
      content: t('mesh.remove.explain'),
      okText: t('mesh.remove.ok'),
      run: () => removeStoreMember(store.id, m.appUserId),
    });
  const dissolve = (g: Group) =>
    confirm({
      title: t('mesh.dissolve.title', { name: g.groupName }),
      content: t('mesh.dissolve.explain'),
      okText: t('mesh.dissolve.ok'),
      run: () => dissolveStoreGroup(store.id, g.id),
    });

  const memberActions = mayTransfer || mayRemove;
  const groupName = (groupId: number | null) => store.groups.find((g) => g.id === groupId)?.groupName ?? '—';

  return (
    <>
      {holder}
      <Descriptions
        bordered
        size="small"
        column={2}
        data-testid="store-facts"
        items={[
          { key: 'meshId', label: t('mesh.field.meshId'), children: store.meshId },
          { key: 'admin', label: t('mesh.field.admin'), children: admin ? `${admin.nickname} (${contact(admin)})` : '—' },
          { key: 'country', label: t('mesh.field.country'), children: country(store.countryCode) },
          { key: 'timezone', label: t('mesh.field.timezone'), children: store.timezone },
          { key: 'address', label: t('mesh.field.address'), children: store.address || '—', span: 2 },
          {
            key: 'location',
            label: t('mesh.field.location'),
            children: store.latitude !== null && store.longitude !== null ? `${store.latitude}, ${store.longitude}` : t('mesh.locate.notSet'),
            span: 2,
          },
          { key: 'registerDate', label: t('mesh.field.registerDate'), children: <DateTime value={store.registerDate} /> },
          { key: 'latestLoginIp', label: t('mesh.field.latestLoginIp'), children: store.latestLoginIp || '—' },
          { key: 'devices', label: t('mesh.field.devices'), children: store.deviceCount },
          {
            key: 'online',
            label: t('mesh.field.onlineDevices'),
            children: store.onlineDeviceCount,
          },
        ]}
      />
      {refusal && <Alert type="warning" showIcon title={refusal} closable={{ onClose: clearRefusal }} style={{ marginTop: 16 }} data-testid="store-refusal" />}
      <Tabs
        style={{ marginTop: 8 }}
        items={[
          {
            key: 'members',
            label: t('mesh.tab.members', { count: store.members.length }),
            children: (
              <Table<Member>
                rowKey="appUserId"
                size="small"
                pagination={false}
                dataSource={store.members}
                data-testid="store-members"
                columns={[
                  {
                    key: 'role',
                    title: t('mesh.field.role'),
                    dataIndex: 'role',
                    render: (role: Member['role']) => <StoreRoleTag role={role} />,
                  },
                  { key: 'nickname', title: t('mesh.field.nickname'), dataIndex: 'nickname' },
                  { key: 'contact', title: t('mesh.field.contact'), render: (_: unknown, m: Member) => contact(m) || '—' },
                  { key: 'joinedAt', title: t('mesh.field.joinedAt'), dataIndex: 'joinedAt', render: (at: string) => <DateTime value={at} /> },
                  ...(memberActions
                    ? [
                        {
                          key: 'actions',
                          title: t('mesh.field.actions'),
                          render: (_: unknown, m: Member) =>
                            m.role === 'member' && (
                              <>
                                {mayTransfer && (
                                  <Button type="link" size="small" onClick={() => transfer(m)} data-testid="member-transfer">
                                    {t('mesh.transfer.open')}
                                  </Button>
                                )}
                                {mayRemove && (
                                  <Button type="link" size="small" danger onClick={() => remove(m)} data-testid="member-remove">
                                    {t('mesh.remove.open')}
                                  </Button>
                                )}
                              </>
                            ),
                        },
                      ]
                    : []),
                ]}
              />
            ),
          },
          {
            key: 'groups',
            label: t('mesh.tab.groups', { count: store.groups.length }),
            children: (
              <Table<Group>
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={store.groups}
                data-testid="store-groups"
                columns={[
                  { key: 'groupCode', title: t('mesh.field.groupCode'), dataIndex: 'groupCode' },
                  { key: 'groupName', title: t('mesh.field.groupName'), dataIndex: 'groupName' },
                  { key: 'luminaireCount', title: t('mesh.field.luminaires'), dataIndex: 'luminaireCount', align: 'right' },
                  ...(mayDissolve
                    ? [
                        {
                          key: 'actions',
                          title: t('mesh.field.actions'),
                          render: (_: unknown, g: Group) => (
                            <Button type="link" size="small" danger onClick={() => dissolve(g)} data-testid="group-dissolve">
                              {t('mesh.dissolve.open')}
                            </Button>
                          ),
                        },
                      ]
                    : []),
                ]}
              />
            ),
          },
          {
            key: 'devices',
            label: t('mesh.tab.devices', { count: store.devices.length }),
            children: (
              <Table<Device>
                rowKey="id"
                size="small"
                pagination={store.devices.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
                dataSource={store.devices}
                data-testid="store-devices"
                columns={[
                  { key: 'kind', title: t('mesh.field.kind'), dataIndex: 'kind', render: (kind: Device['kind']) => t(`mesh.kind.${kind}`) },
                  { key: 'deviceName', title: t('mesh.field.deviceName'), dataIndex: 'deviceName' },
                  { key: 'uuid', title: t('mesh.field.uuid'), dataIndex: 'uuid', render: (uuid: string) => <Typography.Text code>{uuid}</Typography.Text> },
                  { key: 'model', title: t('mesh.field.model'), dataIndex: 'model', render: modelLabel },
                  { key: 'group', title: t('mesh.field.group'), dataIndex: 'groupId', render: groupName },
                  { key: 'firmwareVersion', title: t('mesh.field.firmware'), dataIndex: 'firmwareVersion' },
                  { key: 'online', title: t('mesh.field.online'), dataIndex: 'online', render: (online: boolean) => <OnlineBadge online={online} /> },
                ]}
              />
            ),
          },
          { key: 'history', label: t('mesh.tab.history'), children: <StoreHistory store={store} /> },
        ]}
      />
    </>
  );
}
