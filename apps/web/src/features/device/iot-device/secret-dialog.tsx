import type { DeviceCredentials } from '@lightdesk/contract';
import Alert from 'antd/es/alert';
import Descriptions from 'antd/es/descriptions';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';

/** The device's credentials, shown this once: the secret is derived and the server never answers it again. */
export function SecretDialog({ credentials, onClose }: { credentials: DeviceCredentials; onClose: () => void }) {
  const { t } = useTranslation('device');
  return (
    <Modal
      open
      title={t('iotDevice.secret.title')}
      onOk={onClose}
      onCancel={onClose}
      okText={t('iotDevice.secret.done')}
      cancelButtonProps={{ style: { display: 'none' } }}
      mask={{ closable: false }}
      data-testid="device-secret-dialog"
    >
      <Alert type="warning" showIcon title={t('iotDevice.secret.once')} style={{ marginBottom: 16 }} />
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          { key: 'productKey', label: t('iotDevice.field.productKey'), children: <Typography.Text copyable>{credentials.productKey}</Typography.Text> },
          { key: 'deviceName', label: t('iotDevice.field.deviceName'), children: <Typography.Text copyable>{credentials.deviceName}</Typography.Text> },
          {
            key: 'deviceSecret',
            label: t('iotDevice.field.deviceSecret'),
            children: (
              <Typography.Text copyable code data-testid="device-secret">
                {credentials.deviceSecret}
              </Typography.Text>
            ),
          },
        ]}
      />
    </Modal>
  );
}
