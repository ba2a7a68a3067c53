import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import KeyOutlined from '@ant-design/icons/KeyOutlined';
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import Avatar from 'antd/es/avatar';
import Dropdown from 'antd/es/dropdown';
import Modal from 'antd/es/modal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DEFAULT_AVATAR, useSession } from '../lib/session';
import { useLayoutServices } from './services';

type Dialog = 'password' | 'cancel' | undefined;

/** spec §2 user dropdown: change password, account cancellation, logout. */
export function UserMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const [dialog, setDialog] = useState<Dialog>();
  const [modal, modalHolder] = Modal.useModal();
  const { signOut, forgetSession, ChangePasswordDialog, CancellationDialog } = useLayoutServices();

  // spec §4: after a password change or a cancellation the session is over; sign in again.
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
            { key: 'password', icon: <KeyOutlined />, label: t('user.changePassword'), onClick: () => setDialog('password') },
            { key: 'cancel', icon: <DeleteOutlined />, label: t('user.cancelAccount'), onClick: () => setDialog('cancel') },
            { type: 'divider' },
            { key: 'logout', icon: <LogoutOutlined />, label: t('user.logout'), onClick: () => void logout(), danger: true },
          ],
        }}
      >
        <button type="button" className="user-trigger" data-testid="user-menu" aria-label={t('user.menu')}>
          <Avatar size={28} src={user?.avatar || DEFAULT_AVATAR} alt="" />
          {!compact && <span className="user-name">{user?.nickname || user?.userName}</span>}
        </button>
      </Dropdown>
      {modalHolder}
      {dialog === 'password' && <ChangePasswordDialog open username={user?.userName} onClose={() => setDialog(undefined)} onChanged={() => void toSignIn()} />}
      {dialog === 'cancel' && (
        <CancellationDialog open username={user?.userName ?? ''} onClose={() => setDialog(undefined)} onCancelled={() => void toSignIn()} />
      )}
    </>
  );
}
