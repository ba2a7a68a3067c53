import { ColorType, DictDataCreate, type DictDataDetail } from '@lightdesk/contract';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import { use } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListForm } from '../../../components/list-page';
import { FormDialog } from '../../../components/form-dialog';
import { useContractRules } from '../../../components/field-rules';
import { RemarkField, SortField, StatusField } from '../../../components/form-fields';
import { createDictData, updateDictData } from './api';
import { DictEntryTag } from './dict-entry-tag';
import { OpenDictType } from './dict-type-context';

type Values = Omit<DictDataCreate, 'dictType'>;

// The contract's colour types, "none" first.
const COLOUR_TYPES = ['', ...ColorType.options.filter((c) => c !== '')];

/** Create or edit one entry of the open dictionary, with a preview of its tag. */
export const DictDataForm: ListForm<DictDataDetail> = ({ row, onClose }) => {
  const { t } = useTranslation('system');
  const dictType = use(OpenDictType);
  const [form] = Form.useForm<Values>();
  const label = Form.useWatch('label', form);
  const colorType = Form.useWatch('colorType', form) ?? '';
  const cssClass = Form.useWatch('cssClass', form);
  const rules = useContractRules(DictDataCreate);
  const half = { xs: 24, sm: 12 };

  return (
    <FormDialog<Values>
      title={t(row ? 'dict.data.editTitle' : 'dict.data.createTitle', { type: dictType })}
      form={form}
      testId="dict-data-form"
      width={640}
      initialValues={row ?? { colorType: '', cssClass: '', sort: 0, status: 0, remark: '' }}
      onSave={(values) => (row ? updateDictData({ ...values, dictType, id: row.id }) : createDictData({ ...values, dictType }))}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="label" label={t('dict.data.label')} rules={rules('label', t('dict.data.label'))}>
            <Input maxLength={100} data-testid="dict-data-label" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="value" label={t('dict.data.value')} tooltip={t('dict.data.valueHint')} rules={rules('value', t('dict.data.value'))}>
            <Input maxLength={100} data-testid="dict-data-value" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="colorType" label={t('dict.data.colorType')}>
            <Select<string>
              data-testid="dict-data-color"
              options={COLOUR_TYPES.map((c) => ({ value: c, label: <DictEntryTag colorType={c}>{t(`dict.colour.${c || 'none'}`)}</DictEntryTag> }))}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="cssClass" label={t('dict.data.cssClass')} tooltip={t('dict.data.cssClassHint')} rules={rules('cssClass', t('dict.data.cssClass'))}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <SortField label={t('common.sort')} rules={rules('sort', t('common.sort'))} />
        </Col>
        <Col {...half}>
          <StatusField label={t('common.status')} />
        </Col>
        <Col span={24}>
          <RemarkField label={t('common.remark')} rows={2} rules={rules('remark', t('common.remark'))} />
        </Col>
        <Col span={24}>
          <Form.Item label={t('dict.data.preview')}>
            <span data-testid="dict-data-preview">
              <DictEntryTag colorType={colorType} cssClass={cssClass}>
                {label?.trim() || t('dict.data.label')}
              </DictEntryTag>
            </span>
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
};
