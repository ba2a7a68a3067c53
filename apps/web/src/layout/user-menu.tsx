import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import KeyOutlined from '@ant-design/icons/KeyOutlined';
import LinkOutlined from '@ant-design/icons/LinkOutlined';
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import Avatar from 'antd/es/avatar';
import Dropdown from 'antd/es/dropdown';
import Modal from 'antd/es/modal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DEFAULT_AVATAR, useSession } from '../lib/session';
import { useLayoutServices } from './services';

type Dialog = 'avatar' | 'password' | 'cancel' | 'social' | undefined;

/** The user dropdown: profile picture, change password, account cancellation, logout. */
export function UserMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const name = user?.nickname || user?.userName || '';
  const [dialog, setDialog] = useState<Dialog>();
  const [modal, modalHolder] = Modal.useModal();
  const { signOut, forgetSession, AvatarDialog, ChangePasswordDialog, CancellationDialog, SocialLinksDialog, useSocialSignInOffered } = useLayoutServices();
  const socialOffered = useSocialSignInOffered();

  // After a password change or a cancellation the session is over; sign in again.
  // Leave the console first, so no console page renders without a session in between.
  const leave = async (end: () => void | Promise<void>) => {
    setDialog(undefined);
    await navigate('/login', { replace: true });
    await end();
  };
  const toSignIn = () => leave(forgetSession);

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
            { key: 'avatar', icon: <PictureOutlined />, label: t('user.changeAvatar'), onClick: () => setDialog('avatar') },
            { key: 'password', icon: <KeyOutlined />, label: t('user.changePassword'), onClick: () => setDialog('password') },
            ...(socialOffered
              ? [{ key: 'social', icon: <LinkOutlined />, label: t('social.menu', { ns: 'common' }), onClick: () => setDialog('social') }]
              : []),
            { key: 'cancel', icon: <DeleteOutlined />, label: t('user.cancelAccount'), onClick: () => setDialog('cancel') },
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
      {dialog === 'avatar' && <AvatarDialog open onClose={() => setDialog(undefined)} />}
      {dialog === 'password' && <ChangePasswordDialog open username={user?.userName} onClose={() => setDialog(undefined)} onChanged={() => void toSignIn()} />}
      {dialog === 'social' && <SocialLinksDialog open onClose={() => setDialog(undefined)} />}
      {dialog === 'cancel' && (
        <CancellationDialog open username={user?.userName ?? ''} onClose={() => setDialog(undefined)} onCancelled={() => void toSignIn()} />
      )}
    </>
  );
}
