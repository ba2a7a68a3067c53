import { DictType, FIRMWARE_MAX_BYTES, FIRMWARE_TYPES, FirmwareCreate, type Firmware, type FirmwareChannel, type FirmwareUploaded } from '@lightdesk/contract';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictSelect } from '../../../components/dict-select';
import { FormDialog } from '../../../components/form-dialog';
import { useContractRules } from '../../../components/field-rules';
import type { ListForm } from '../../../components/list-page';
import { UploadWithProgress } from '../../../components/upload-with-progress';
import { createFirmware, updateFirmware, uploadFirmwareFile } from './api';

type Values = Omit<FirmwareCreate, 'rolloutStoreIds'> & { rolloutStoreIds?: string[] };
type FileFacts = Pick<FirmwareUploaded, 'size' | 'md5' | 'sha256' | 'name'>;

const DEFAULTS: Partial<Values> = {
  module: 'default',
  packageType: 'full',
  fromVersion: '',
  signatureAlgorithm: 'sha256',
  isForceUpdate: false,
  verifyRequired: true,
  rolloutTarget: 'all',
  rolloutStoreIds: [],
  rolloutPercent: 100,
  rolloutPaused: false,
};

const valuesOf = (row: Firmware): Values => ({
  name: row.name,
  versionNumber: row.versionNumber,
  firmwareType: row.firmwareType,
  module: row.module,
  contentZh: row.contentZh,
  contentEn: row.contentEn,
  isForceUpdate: row.isForceUpdate,
  packageType: row.packageType,
  fromVersion: row.fromVersion,
  signatureAlgorithm: row.signatureAlgorithm,
  firmwareJson: row.firmwareJson,
  fileKey: row.fileKey,
  verifyRequired: row.verifyStatus !== '0',
  rolloutTarget: row.rolloutTarget,
  rolloutStoreIds: row.rolloutStoreIds.map(String),
  rolloutPercent: row.rolloutPercent,
  rolloutPaused: row.rolloutPaused,
});

/**
 * Create or edit a firmware of one channel. The image is uploaded first (with a progress bar);
 * the server answers its size and digests, shown here read-only, and the form refers to it by
 * key. A staged rollout is set on the release channel only.
 */
function FirmwareFormOf({ channel, row, onClose }: { channel: FirmwareChannel; row?: Firmware; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation('release');
  const [form] = Form.useForm<Values>();
  const rules = useContractRules(FirmwareCreate);
  const [file, setFile] = useState<FileFacts | undefined>(row && { size: row.size, md5: row.md5, sha256: row.sha256, name: row.fileName });
  const packageType = Form.useWatch('packageType', form);
  const rolloutTarget = Form.useWatch('rolloutTarget', form);
  // Fields not on screen (the rollout outside the release channel) are not in the values: the contract's defaults apply.
  const save = ({ rolloutStoreIds, ...values }: Values) => {
    const body = { ...values, fromVersion: values.packageType === 'sub' ? values.fromVersion : '', rolloutStoreIds: (rolloutStoreIds ?? []).map(Number) };
    return row ? updateFirmware(channel, { ...body, id: row.id }) : createFirmware(channel, body);
  };
  const uploaded = (answer: FirmwareUploaded) => {
    setFile(answer);
    form.setFieldValue('fileKey', answer.fileKey);
    if (!form.getFieldValue('name')) form.setFieldValue('name', answer.name.replace(/\.[^.]*$/, ''));
    void form.validateFields(['fileKey']);
  };
  const label = (field: string) => t(`firmware.field.${field}`);
  return (
    <FormDialog<Values>
      title={t(row ? 'firmware.edit' : 'firmware.create')}
      form={form}
      testId="firmware-form"
      width={720}
      initialValues={row ? valuesOf(row) : DEFAULTS}
      onSave={save}
      onClose={onClose}
    >
      <Form.Item name="fileKey" label={label('file')} rules={[{ required: true, message: t('firmware.fileRequired') }]} required>
        <FileField channel={channel} file={file} onUploaded={uploaded} />
      </Form.Item>
      <Form.Item name="name" label={label('name')} rules={rules('name', label('name'))}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="firmwareType" label={label('firmwareType')} rules={rules('firmwareType', label('firmwareType'))}>
        <DictSelect type={DictType.firmwareType} allowClear={false} showSearch optionFilterProp="label" data-testid="firmware-type" />
      </Form.Item>
      <Form.Item name="versionNumber" label={label('versionNumber')} extra={t('firmware.versionHint')} rules={rules('versionNumber', label('versionNumber'))}>
        <Input maxLength={40} placeholder="1.10.0" />
      </Form.Item>
      <Form.Item name="module" label={label('module')} rules={rules('module', label('module'))}>
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item name="packageType" label={label('packageType')}>
        <Radio.Group
          options={[
            { value: 'full', label: t('firmware.packageType.full') },
            { value: 'sub', label: t('firmware.packageType.sub') },
          ]}
        />
      </Form.Item>
      {packageType === 'sub' && (
        <Form.Item
          name="fromVersion"
          label={label('fromVersion')}
          extra={t('firmware.fromVersionHint')}
          rules={[...rules('fromVersion', label('fromVersion')), { required: true, message: t('firmware.fromVersionRequired') }]}
        >
          <Input maxLength={40} placeholder="1.9.3" />
        </Form.Item>
      )}
      <Form.Item name="signatureAlgorithm" label={label('signatureAlgorithm')}>
        <DictSelect type={DictType.signatureAlgorithm} allowClear={false} />
      </Form.Item>
      <Form.Item name="isForceUpdate" label={label('isForceUpdate')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="verifyRequired" label={label('verifyRequired')} extra={t('firmware.verifyRequiredHint')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="contentZh" label={label('contentZh')} rules={rules('contentZh', label('contentZh'))}>
        <Input.TextArea rows={3} maxLength={2000} />
      </Form.Item>
      <Form.Item name="contentEn" label={label('contentEn')} rules={rules('contentEn', label('contentEn'))}>
        <Input.TextArea rows={3} maxLength={2000} />
      </Form.Item>
      <Form.Item name="firmwareJson" label={label('firmwareJson')} rules={rules('firmwareJson', label('firmwareJson'))}>
        <Input.TextArea rows={4} spellCheck={false} style={{ fontFamily: 'monospace' }} placeholder='{"hardware": "v2"}' />
      </Form.Item>
      {channel === 'release' && (
        <>
          <Form.Item name="rolloutTarget" label={label('rolloutTarget')}>
            <Radio.Group
              options={(['all', 'stores', 'percent'] as const).map((value) => ({ value, label: t(`firmware.rollout.${value}`) }))}
              data-testid="rollout-target"
            />
          </Form.Item>
          {rolloutTarget === 'stores' && (
            <Form.Item name="rolloutStoreIds" label={label('rolloutStoreIds')} extra={t('firmware.rolloutStoresHint')}>
              <Select mode="tags" tokenSeparators={[',', ' ']} open={false} />
            </Form.Item>
          )}
          {rolloutTarget === 'percent' && (
            <Form.Item name="rolloutPercent" label={label('rolloutPercent')} extra={t('firmware.rolloutPercentHint')}>
              <InputNumber min={0} max={100} addonAfter="%" />
            </Form.Item>
          )}
          <Form.Item name="rolloutPaused" label={label('rolloutPaused')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}

/** The upload and, once the server has it, what it computed: size and digests, read-only. */
function FileField({ channel, file, onUploaded }: { channel: FirmwareChannel; file?: FileFacts; onUploaded: (answer: FirmwareUploaded) => void }) {
  const { t } = useTranslation('release');
  return (
    <>
      <UploadWithProgress<FirmwareUploaded>
        accept={FIRMWARE_TYPES}
        maxBytes={FIRMWARE_MAX_BYTES}
        upload={(f, onProgress) => uploadFirmwareFile(channel, f, onProgress)}
        onUploaded={onUploaded}
      />
      {file && (
        <Descriptions size="small" column={1} bordered style={{ marginTop: 8 }} data-testid="firmware-file-facts">
          <Descriptions.Item label={t('firmware.field.fileName')}>{file.name || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('firmware.field.size')}>{t('firmware.bytes', { count: file.size })}</Descriptions.Item>
          <Descriptions.Item label="MD5">
            <code data-testid="firmware-md5">{file.md5}</code>
          </Descriptions.Item>
          <Descriptions.Item label="SHA-256">
            <code data-testid="firmware-sha256" style={{ wordBreak: 'break-all' }}>
              {file.sha256}
            </code>
          </Descriptions.Item>
        </Descriptions>
      )}
    </>
  );
}

const forms = new Map<FirmwareChannel, ListForm<Firmware>>();
/** The form of a channel, made once per channel so the list keeps the same component. */
export function firmwareForm(channel: FirmwareChannel): ListForm<Firmware> {
  let form = forms.get(channel);
  if (!form) {
    form = ({ row, onClose }) => <FirmwareFormOf channel={channel} row={row} onClose={onClose} />;
    forms.set(channel, form);
  }
  return form;
}
