import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import type { MySession } from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { col, dateCol } from '../components/list-columns';
import { Panel } from '../components/panel';
import { UserAgentText } from '../components/user-agent';
import { notify } from '../lib/notify';
import { useRefreshResource } from '../lib/resource-cache';
import { endMySession, mySessionsQuery, mySessionsCache } from './profile-api';

/**
 * Where I am signed in. Signing out another device ends that session at once; this one is
 * marked, and ends with the navbar's sign-out like any visit.
 */
export function MySessions() {
  const { t } = useTranslation('profile');
  const sessions = useQuery(mySessionsQuery());
  const refresh = useRefreshResource();
  const [modal, holder] = Modal.useModal();

  const columns = useMemo(() => {
    const end = (row: MySession) =>
      modal.confirm({
        title: t('sessions.end.title'),
        content: t('sessions.end.hint'),
        okText: t('sessions.end.ok'),
        okType: 'danger',
        cancelText: t('sessions.end.cancel'),
        mask: { closable: false },
        onOk: async () => {
          try {
            await endMySession(row.id);
          } catch {
            return; // The HTTP client has shown why.
          }
          notify.success(t('sessions.end.done'));
          await refresh(mySessionsCache);
        },
      });
    return [
      col<MySession>('userAgent', t('sessions.browser'), {
        render: (ua: string, row: MySession) => (
          <>
            <UserAgentText value={ua} />
            {row.current && (
              <Tag color="blue" style={{ marginInlineStart: 8 }} data-testid="my-session-current">
                {t('sessions.current')}
              </Tag>
            )}
          </>
        ),
      }),
      col<MySession>('ip', t('sessions.ip')),
      dateCol<MySession>('createdAt', t('sessions.signedInAt')),
      dateCol<MySession>('lastSeenAt', t('sessions.lastSeenAt')),
      dateCol<MySession>('expiresAt', t('sessions.expiresAt')),
      col<MySession>('rememberMe', t('sessions.rememberMe'), { render: (remember: boolean) => t(remember ? 'sessions.yes' : 'sessions.no') }),
      {
        key: 'actions',
        title: t('sessions.actions'),
        width: 120,
        render: (_: unknown, row: MySession) =>
          row.current ? null : (
            <Button type="link" size="small" danger icon={<LogoutOutlined />} onClick={() => void end(row)} data-testid="my-session-end">
              {t('sessions.end.action')}
            </Button>
          ),
      },
    ];
  }, [t, modal, refresh]);

  return (
    <Panel title={t('sessions.title')} data-testid="my-sessions">
      {holder}
      <Table<MySession>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={sessions.data}
        loading={sessions.isLoading}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </Panel>
  );
}
