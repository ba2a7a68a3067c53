import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { AVATAR_TYPES, type StaffAvatar } from '@lightdesk/contract';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Space from 'antd/es/space';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_IMAGE_BYTES } from '../../components/file-type';
import { UploadWithProgress } from '../../components/upload-with-progress';
import { DEFAULT_AVATAR, useSession } from '../../lib/session';
import { updateAvatar } from './api';

export interface AvatarDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Shows the new picture everywhere at once: the navbar reads the session's user. */
const showAvatar = ({ avatar }: StaffAvatar) => useSession.getState().updateUser({ avatar });

/**
 * The signed-in staff member's picture: JPG, PNG, GIF or WebP, checked here by name and content
 * and again by the server, which also holds the size limit (the parameter upload.max-size-mb).
 */
export function AvatarDialog(props: AvatarDialogProps) {
  // The dialog's strings load on first open; the navbar around it must not wait for them.
  return (
    <Suspense fallback={null}>
      <AvatarModal {...props} />
    </Suspense>
  );
}

function AvatarModal({ open, onClose }: AvatarDialogProps) {
  const { t } = useTranslation('profile');
  const avatar = useSession((s) => s.user?.avatar);
  return (
    <Modal open={open} title={t('avatar.title')} onCancel={onClose} footer={null} destroyOnHidden>
      <Space orientation="vertical" align="center" style={{ width: '100%' }} size="middle">
        <Avatar size={96} src={avatar || DEFAULT_AVATAR} alt={t('avatar.current')} data-testid="avatar-preview" />
        <UploadWithProgress<StaffAvatar> accept={AVATAR_TYPES} maxBytes={MAX_IMAGE_BYTES} upload={updateAvatar} onUploaded={showAvatar}>
          <Button icon={<UploadOutlined />}>{t('avatar.choose')}</Button>
        </UploadWithProgress>
      </Space>
    </Modal>
  );
}
