import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import type { OnlineSession } from '@lightdesk/contract';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { col, dateCol } from '../../../components/list-columns';
import { textFilter } from '../../../components/list-filters';
import { ListPage } from '../../../components/list-page';
import { notify } from '../../../lib/notify';
import { usePermission } from '../../../lib/permission';
import { useRefreshResource } from '../../../lib/resource-cache';
import { UserAgentText } from '../../../components/user-agent';
import { kickSession, sessionPageQuery, sessionCache } from './api';

/**
 * Online sessions of the tenant, never their tokens. Kicking one out ends it at once;
 * kicking out your own ends this visit too: the next call answers 401 and the shell takes you
 * to sign in.
 */
export function SessionPage() {
  const { t } = useTranslation('system');
  const { hasPermi } = usePermission();
  const refresh = useRefreshResource();
  const [modal, holder] = Modal.useModal();

  const kick = (row: OnlineSession) =>
    modal.confirm({
      title: t('session.kick.title', { username: row.username }),
      content: row.current ? t('session.kick.ownHint') : t('session.kick.hint'),
      okText: t('session.kick.ok'),
      okType: 'danger',
      cancelText: t('common.cancel'),
      mask: { closable: false },
      onOk: async () => {
        try {
          await kickSession(row.id);
        } catch {
          return; // The HTTP client has shown why.
        }
        notify.success(t('session.kick.done'));
        await refresh(sessionCache);
      },
    });

  const columns = useMemo(
    () => [
      // Who, in one column: the username (and whether it is this session) over the nickname.
      col<OnlineSession>('username', t('session.field.user'), {
        sortable: true,
        render: (username: string, row: OnlineSession) => (
          <>
            <Space size={6}>
              <span>{username}</span>
              {row.current && (
                <Tag color="blue" data-testid="session-current">
                  {t('session.current')}
                </Tag>
              )}
            </Space>
            {row.nickname && (
              <div>
                <Typography.Text type="secondary">{row.nickname}</Typography.Text>
              </div>
            )}
          </>
        ),
      }),
      col<OnlineSession>('ip', t('session.field.ip'), { sortable: true }),
      col<OnlineSession>('userAgent', t('session.field.browser'), { render: (ua: string) => <UserAgentText value={ua} /> }),
      dateCol<OnlineSession>('createdAt', t('session.field.signedInAt'), { sortable: true }),
      dateCol<OnlineSession>('lastSeenAt', t('session.field.lastSeenAt'), { sortable: true }),
      dateCol<OnlineSession>('expiresAt', t('session.field.expiresAt')),
      col<OnlineSession>('rememberMe', t('session.field.rememberMe'), {
        render: (remember: boolean) => <Tag color={remember ? 'green' : 'default'}>{t(remember ? 'common.yes' : 'common.no')}</Tag>,
      }),
    ],
    [t],
  );

  return (
    <>
      {holder}
      <ListPage
        query={sessionPageQuery}
        cache={sessionCache}
        columns={columns}
        filters={[textFilter('username', t('session.field.username')), textFilter('ip', t('session.field.ip'))]}
        rowActions={
          hasPermi('system:session:kick')
            ? (row) => (
                <Button type="link" size="small" danger icon={<LogoutOutlined />} onClick={() => void kick(row)} data-testid="session-kick">
                  {t('session.kick.action')}
                </Button>
              )
            : undefined
        }
      />
    </>
  );
}
