import EditOutlined from '@ant-design/icons/EditOutlined';
import KeyOutlined from '@ant-design/icons/KeyOutlined';
import LinkOutlined from '@ant-design/icons/LinkOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import { DictType, type Profile } from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Descriptions, { type DescriptionsProps } from 'antd/es/descriptions';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../components/list-columns';
import { Panel } from '../components/panel';
import { useDictLabel } from '../components/use-dict';
import { useAccountDialogs } from './account-dialogs';
import { MySessions } from './my-sessions';
import { profileQuery } from './profile-api';
import { ProfileForm } from './profile-form';
import { useLayoutServices } from './services';
import { DEFAULT_AVATAR, useSession } from '../lib/session';
import './profile-page.css';

const NONE = '—';
const tags = (names: string[]) => (names.length ? names.map((name) => <Tag key={name}>{name}</Tag>) : NONE);

/** My details as the server keeps them: what I may change, and where I sit in the organisation. */
function useDetailItems(profile: Profile): DescriptionsProps['items'] {
  const { t } = useTranslation('profile');
  const dictLabel = useDictLabel();
  return [
    { key: 'username', label: t('page.userName'), children: profile.username },
    { key: 'nickname', label: t('page.nickname'), children: profile.nickname },
    { key: 'email', label: t('page.email'), children: profile.email || NONE },
    { key: 'mobile', label: t('page.mobile'), children: profile.mobile || NONE },
    { key: 'sex', label: t('page.sex'), children: dictLabel(DictType.userSex, String(profile.sex)) },
    ...(profile.agentName === null ? [] : [{ key: 'agent', label: t('page.agent'), children: profile.agentName }]),
    { key: 'dept', label: t('page.dept'), children: profile.deptName ?? NONE },
    { key: 'posts', label: t('page.posts'), children: tags(profile.postNames) },
    { key: 'roles', label: t('page.roles'), children: tags(profile.roleNames) },
    { key: 'createdAt', label: t('page.createdAt'), children: <DateTime value={profile.createdAt} /> },
    {
      key: 'lastLogin',
      label: t('page.lastLogin'),
      // One element: the item's content is a flex box, which would drop the space before the address.
      children: profile.lastLoginAt ? (
        <span>
          <DateTime value={profile.lastLoginAt} />
          {profile.lastLoginIp && ` · ${profile.lastLoginIp}`}
        </span>
      ) : (
        NONE
      ),
    },
  ];
}

function Details({ profile }: { profile: Profile }) {
  return <Descriptions column={{ xs: 1, md: 2 }} size="small" items={useDetailItems(profile)} data-testid="profile-details" />;
}

/**
 * The signed-in person's own page: their details (which they may edit), their picture and
 * password, linked accounts, and where they are signed in.
 */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const user = useSession((s) => s.user);
  const profile = useQuery(profileQuery());
  const socialOffered = useLayoutServices().useSocialSignInOffered();
  const { open, dialogs } = useAccountDialogs();
  const [editing, setEditing] = useState(false);
  if (!user) return null;

  return (
    <div className="ld-profile" data-testid="profile-page">
      <Panel title={t('page.title')}>
        <div className="ld-profile-head">
          <Avatar size={80} src={user.avatar || DEFAULT_AVATAR} alt={t('avatar.current')} />
          <div>
            <div className="ld-profile-name">{user.nickname || user.userName}</div>
            <Space wrap className="ld-profile-actions">
              <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="profile-edit">
                {t('page.edit')}
              </Button>
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
          </div>
        </div>
        {profile.data ? <Details profile={profile.data} /> : <Skeleton active paragraph={{ rows: 4 }} title={false} />}
      </Panel>
      <MySessions />
      {/* Asked for before the details are in, the dialog opens when they arrive. */}
      {editing && profile.data && <ProfileForm profile={profile.data} onClose={() => setEditing(false)} />}
      {dialogs}
    </div>
  );
}
