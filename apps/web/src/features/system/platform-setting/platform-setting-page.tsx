import SaveOutlined from '@ant-design/icons/SaveOutlined';
import { PlatformSetting } from '@lightdesk/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Space from 'antd/es/space';
import Switch from 'antd/es/switch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BRANDS } from '../../../lib/brands';
import { notify } from '../../../lib/notify';
import { usePermission } from '../../../lib/permission';
import { useContractRules } from '../../../components/field-rules';
import { showServerFieldError } from '../../../components/form-server-errors';
import { platformSettingQuery, updatePlatformSetting } from './api';

const FIELDS: readonly (keyof PlatformSetting)[] = ['platformName', 'defaultBrand', 'registrationOpen', 'dataRetentionDays', 'supportEmail'];
const BRAND_OPTIONS = BRANDS.map((b) => ({ value: b.key, label: b.name }));

/** Platform settings: one form over the platform's single settings row, saved whole. */
export function PlatformSettingPage() {
  const { t } = useTranslation('system');
  const rules = useContractRules(PlatformSetting);
  const { hasPermi } = usePermission();
  const canUpdate = hasPermi('system:platform-setting:update');
  const queryClient = useQueryClient();
  const { data, isLoading } = useQuery(platformSettingQuery());
  const [form] = Form.useForm<PlatformSetting>();
  const [busy, setBusy] = useState(false);

  const save = async (values: PlatformSetting) => {
    setBusy(true);
    try {
      const body = { ...values, platformName: values.platformName.trim(), supportEmail: values.supportEmail?.trim() ?? '' };
      await updatePlatformSetting(body);
      queryClient.setQueryData(platformSettingQuery().queryKey, body);
      notify.success(t('platform.saved'));
    } catch (error) {
      showServerFieldError(form, error, FIELDS);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('platform.title')} style={{ maxWidth: 760 }} data-testid="platform-setting">
      {isLoading || !data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <Form<PlatformSetting>
          form={form}
          layout="vertical"
          initialValues={data}
          disabled={!canUpdate}
          onFinish={(values) => void save(values)}
          data-testid="platform-setting-form"
        >
          <Form.Item
            name="platformName"
            label={t('platform.field.platformName')}
            extra={t('platform.hint.platformName')}
            rules={rules('platformName', t('platform.field.platformName'))}
          >
            <Input maxLength={64} data-testid="platform-name" />
          </Form.Item>
          <Form.Item
            name="defaultBrand"
            label={t('platform.field.defaultBrand')}
            extra={t('platform.hint.defaultBrand')}
            rules={rules('defaultBrand', t('platform.field.defaultBrand'), { choice: true })}
          >
            <Select options={BRAND_OPTIONS} data-testid="platform-brand" />
          </Form.Item>
          <Form.Item name="registrationOpen" label={t('platform.field.registrationOpen')} extra={t('platform.hint.registrationOpen')} valuePropName="checked">
            <Switch data-testid="platform-registration" />
          </Form.Item>
          <Form.Item
            name="dataRetentionDays"
            label={t('platform.field.dataRetentionDays')}
            extra={t('platform.hint.dataRetentionDays')}
            rules={rules('dataRetentionDays', t('platform.field.dataRetentionDays'))}
          >
            <InputNumber min={1} max={3650} precision={0} suffix={t('platform.days')} style={{ width: 200 }} data-testid="platform-retention" />
          </Form.Item>
          <Form.Item
            name="supportEmail"
            label={t('platform.field.supportEmail')}
            extra={t('platform.hint.supportEmail')}
            rules={rules('supportEmail', t('platform.field.supportEmail'))}
          >
            <Input type="email" maxLength={100} placeholder="support@example.com" data-testid="platform-email" />
          </Form.Item>
          {canUpdate && (
            <Space>
              <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={busy} data-testid="platform-save">
                {t('common.save')}
              </Button>
              <Button onClick={() => form.resetFields()}>{t('common.reset')}</Button>
            </Space>
          )}
        </Form>
      )}
    </Card>
  );
}
