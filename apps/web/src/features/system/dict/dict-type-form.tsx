import { DictTypeCreate, type DictTypeDetail } from '@lightdesk/contract';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import type { ListForm } from '../../../components/list-page';
import { FormDialog } from '../../../components/form-dialog';
import { useContractRules } from '../../../components/field-rules';
import { RemarkField, StatusField } from '../../../components/form-fields';
import { createDictType, updateDictType } from './api';

/** Create or edit a dictionary type (its name, code and status). */
export const DictTypeForm: ListForm<DictTypeDetail> = ({ row, onClose }) => {
  const { t } = useTranslation('system');
  const [form] = Form.useForm<DictTypeCreate>();
  const rules = useContractRules(DictTypeCreate);
  return (
    <FormDialog<DictTypeCreate>
      title={t(row ? 'dict.type.editTitle' : 'dict.type.createTitle')}
      form={form}
      testId="dict-type-form"
      initialValues={row ?? { status: 0, remark: '' }}
      onSave={(values) => (row ? updateDictType({ ...values, id: row.id }) : createDictType(values))}
      onClose={onClose}
    >
      <Form.Item name="name" label={t('dict.type.name')} rules={rules('name', t('dict.type.name'))}>
        <Input maxLength={100} data-testid="dict-type-name" />
      </Form.Item>
      <Form.Item
        name="type"
        label={t('dict.type.type')}
        extra={row ? t('dict.type.typeLocked') : t('dict.type.typeHint')}
        rules={rules('type', t('dict.type.type'))}
      >
        <Input maxLength={100} placeholder="store_region" data-testid="dict-type-type" />
      </Form.Item>
      <StatusField label={t('common.status')} extra={t('dict.type.statusHint')} />
      <RemarkField label={t('common.remark')} rules={rules('remark', t('common.remark'))} />
    </FormDialog>
  );
};
