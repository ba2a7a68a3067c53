import { AndroidVersionCreate, APK_MAX_BYTES, defaultScope, IosVersionCreate, isAndroid, type AppVersion, type ReleasePlatform } from '@lightdesk/contract';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Switch from 'antd/es/switch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictSelect } from '../../../components/dict-select';
import { useContractRules } from '../../../components/field-rules';
import { FormDialog } from '../../../components/form-dialog';
import type { ListForm } from '../../../components/list-page';
import { UploadWithProgress } from '../../../components/upload-with-progress';
import { platformDefaultBrand } from '../../../lib/brands';
import { saveApkVersion, saveStoreVersion, uploadApk, type ApkVersionBody } from './api';

/** Both platforms' fields: Android's form fills `fileKey` from the upload, iOS's takes `storeUrl`. */
type Values = Omit<ApkVersionBody, 'fileKey'> & { fileKey?: string; storeUrl?: string };

/** The checks of both platforms' fields; a platform's form shows its own file or link field only. */
const FIELDS = IosVersionCreate.extend(AndroidVersionCreate.shape);
const today = () => new Date().toISOString().slice(0, 10);
const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** The create and edit form of one platform's versions: Android's takes an APK upload, iOS's an App Store link. */
export const appVersionForm = (platform: ReleasePlatform): ListForm<AppVersion> =>
  function AppVersionForm({ row, onClose }) {
    const { t } = useTranslation('release');
    const [form] = Form.useForm<Values>();
    const android = isAndroid(platform);
    const rules = useContractRules(FIELDS);
    const [uploaded, setUploaded] = useState<{ size: number; md5: string } | undefined>(row?.fileKey ? { size: row.fileSize, md5: row.fileMd5 } : undefined);
    const save = ({ fileKey = '', storeUrl = '', ...values }: Values) =>
      isAndroid(platform) ? saveApkVersion(platform, { ...values, fileKey }, row?.id) : saveStoreVersion(platform, { ...values, storeUrl }, row?.id);
    return (
      <FormDialog<Values>
        title={t(row ? 'app.edit' : 'app.create', { platform: t(`app.platform.${platform}`) })}
        form={form}
        testId="app-version-form"
        width={640}
        initialValues={
          row
            ? {
                versionNumber: row.versionNumber,
                uploadDate: row.uploadDate,
                contentZh: row.contentZh,
                contentEn: row.contentEn,
                scope: row.scope,
                brand: row.brand,
                isForceUpdate: row.isForceUpdate,
                fileKey: row.fileKey || undefined,
                storeUrl: row.storeUrl || undefined,
              }
            : { uploadDate: today(), scope: defaultScope(platform), brand: platformDefaultBrand(), isForceUpdate: false }
        }
        onSave={save}
        onClose={onClose}
      >
        <Form.Item
          name="versionNumber"
          label={t('app.field.versionNumber')}
          extra={t('app.versionHint')}
          rules={rules('versionNumber', t('app.field.versionNumber'))}
        >
          <Input maxLength={40} placeholder="1.10.0" data-testid="app-version-number" />
        </Form.Item>
        <Form.Item name="brand" label={t('app.field.brand')} rules={rules('brand', t('app.field.brand'))}>
          <DictSelect type="brand" data-testid="app-version-brand" />
        </Form.Item>
        <Form.Item name="scope" label={t('app.field.scope')}>
          <DictSelect type="app_scope" allowClear={false} />
        </Form.Item>
        <Form.Item name="uploadDate" label={t('app.field.uploadDate')} rules={rules('uploadDate', t('app.field.uploadDate'))}>
          <Input type="date" />
        </Form.Item>
        {android ? (
          <Form.Item
            name="fileKey"
            label={t('app.field.apk')}
            rules={[{ required: true, message: t('app.apkRequired') }]}
            extra={uploaded && t('app.apkUploaded', { size: megabytes(uploaded.size), md5: uploaded.md5 })}
          >
            <UploadWithProgress
              accept={['apk']}
              maxBytes={APK_MAX_BYTES}
              upload={(file, onProgress) => uploadApk(platform, file, onProgress)}
              onUploaded={(answer) => {
                setUploaded(answer);
                form.setFieldValue('fileKey', answer.fileKey);
                void form.validateFields(['fileKey']);
              }}
            />
          </Form.Item>
        ) : (
          <Form.Item name="storeUrl" label={t('app.field.storeUrl')} rules={rules('storeUrl', t('app.field.storeUrl'))}>
            <Input maxLength={500} placeholder="https://apps.apple.com/app/id…" data-testid="app-version-store-url" />
          </Form.Item>
        )}
        <Form.Item name="contentZh" label={t('app.field.contentZh')} rules={rules('contentZh', t('app.field.contentZh'))}>
          <Input.TextArea rows={3} maxLength={2000} data-testid="app-version-content-zh" />
        </Form.Item>
        <Form.Item name="contentEn" label={t('app.field.contentEn')} rules={rules('contentEn', t('app.field.contentEn'))}>
          <Input.TextArea rows={3} maxLength={2000} data-testid="app-version-content-en" />
        </Form.Item>
        <Form.Item name="isForceUpdate" label={t('app.field.isForceUpdate')} valuePropName="checked" extra={t('app.forceHint')}>
          <Switch data-testid="app-version-force" />
        </Form.Item>
      </FormDialog>
    );
  };
