import KeyOutlined from '@ant-design/icons/KeyOutlined';
import LinkOutlined from '@ant-design/icons/LinkOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';
import { useAccountDialogs } from './account-dialogs';
import { useLayoutServices } from './services';
import { DEFAULT_AVATAR, useSession } from '../lib/session';

/**
 * The signed-in person's own page: who they are, and the account changes they may make
 * themselves. The server keeps no self-service profile beyond the picture and the password, so
 * the details are those of the session, read-only.
 */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const user = useSession((s) => s.user);
  const roles = useSession((s) => s.roles);
  const socialOffered = useLayoutServices().useSocialSignInOffered();
  const { open, dialogs } = useAccountDialogs();
  if (!user) return null;

  return (
    <Card data-testid="profile-page">
      <Space align="start" size="large" wrap>
        <Avatar size={96} src={user.avatar || DEFAULT_AVATAR} alt={t('avatar.current')} />
        <Descriptions
          column={1}
          title={user.nickname || user.userName}
          items={[
            { key: 'userName', label: t('page.userName'), children: user.userName },
            { key: 'nickname', label: t('page.nickname'), children: user.nickname },
            { key: 'roles', label: t('page.roles'), children: roles.map((role) => <Tag key={role}>{role}</Tag>) },
          ]}
        />
      </Space>
      <Space wrap style={{ marginTop: 24 }}>
        <Button icon={<PictureOutlined />} onClick={() => open('avatar')}>
          {t('page.changeAvatar')}
        </Button>
        <Button icon={<KeyOutlined />} onClick={() => open('password')}>
          {t('page.changePassword')}
        </Button>
        {socialOffered && (
          <Button icon={<LinkOutlined />} onClick={() => open('social')}>
            {t('page.linkedAccounts')}
          </Button>
        )}
      </Space>
      {dialogs}
    </Card>
  );
}
