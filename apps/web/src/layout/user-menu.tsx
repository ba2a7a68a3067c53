import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import KeyOutlined from '@ant-design/icons/KeyOutlined';
import LinkOutlined from '@ant-design/icons/LinkOutlined';
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import Avatar from 'antd/es/avatar';
import Dropdown from 'antd/es/dropdown';
import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PROFILE_PATH } from '../lib/route-table';
import { DEFAULT_AVATAR, useSession } from '../lib/session';
import { useAccountDialogs } from './account-dialogs';
import { useLayoutServices } from './services';

/** The user dropdown: own profile, profile picture, change password, account cancellation, logout. */
export function UserMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const name = user?.nickname || user?.userName || '';
  const [modal, modalHolder] = Modal.useModal();
  const { signOut, useSocialSignInOffered } = useLayoutServices();
  const socialOffered = useSocialSignInOffered();
  const { open, leave, dialogs } = useAccountDialogs();

  const logout = () =>
    modal.confirm({
      title: t('user.logoutConfirm'),
      okText: t('user.logout'),
      cancelText: t('action.cancel', { ns: 'common' }),
      onOk: () => {
        void leave(signOut);
      },
    });

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'profile', icon: <UserOutlined />, label: t('user.profile'), onClick: () => void navigate(PROFILE_PATH) },
            { key: 'avatar', icon: <PictureOutlined />, label: t('user.changeAvatar'), onClick: () => open('avatar') },
            { key: 'password', icon: <KeyOutlined />, label: t('user.changePassword'), onClick: () => open('password') },
            ...(socialOffered ? [{ key: 'social', icon: <LinkOutlined />, label: t('social.menu', { ns: 'common' }), onClick: () => open('social') }] : []),
            { key: 'cancel', icon: <DeleteOutlined />, label: t('user.cancelAccount'), onClick: () => open('cancel') },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: t('user.logout'), onClick: () => void logout(), danger: true },
          ],
        }}
      >
        {/* The name begins with the text on show, so a person using speech input can say what they see. */}
        <button type="button" className="user-trigger" data-testid="user-menu" aria-label={t('user.menu', { name })}>
          <Avatar size={28} src={user?.avatar || DEFAULT_AVATAR} alt="" />
          {!compact && <span className="user-name">{name}</span>}
        </button>
      </Dropdown>
      {modalHolder}
      {dialogs}
    </>
  );
}
