import { ConfigCreate, ConfigVisibility, configValueProblem, type ConfigEntry, type ConfigValueType } from '@lightdesk/contract';
import Alert from 'antd/es/alert';
import Col from 'antd/es/col';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import { useTranslation } from 'react-i18next';
import type { ListForm } from '../../../components/list-page';
import { FormDialog } from '../../../components/form-dialog';
import { useContractRules } from '../../../components/field-rules';
import { RemarkField } from '../../../components/form-fields';
import { createConfig, updateConfig } from './api';
import { BLANK, toControl, toText, type ControlValue } from './config-value';

type Values = Omit<ConfigCreate, 'value'> & { value: ControlValue };

export const VALUE_TYPES: readonly ConfigValueType[] = ['string', 'number', 'boolean', 'json'];

/** The value's control for its type: text, number, switch, or a JSON text area. */
function valueControl(type: ConfigValueType) {
  switch (type) {
    case 'number':
      return <InputNumber style={{ width: '100%' }} data-testid="config-value" />;
    case 'boolean':
      return <Switch data-testid="config-value" />;
    case 'json':
      return <Input.TextArea rows={6} maxLength={4000} spellCheck={false} style={{ fontFamily: 'monospace' }} data-testid="config-value" />;
    default:
      return <Input.TextArea autoSize={{ minRows: 1, maxRows: 6 }} maxLength={4000} data-testid="config-value" />;
  }
}

/**
 * Create or edit a parameter setting. The value's control follows its type and is saved as the
 * text the contract stores. Built-in entries are read by the server: their key and type are fixed.
 */
export const ConfigForm: ListForm<ConfigEntry> = ({ row, onClose }) => {
  const { t } = useTranslation('system');
  const [form] = Form.useForm<Values>();
  const type: ConfigValueType = Form.useWatch('valueType', form) ?? row?.valueType ?? 'string';
  const builtIn = row?.builtIn ?? false;

  const initialValues: Values = row
    ? { key: row.key, name: row.name, valueType: row.valueType, value: toControl(row.valueType, row.value), visibility: row.visibility, remark: row.remark }
    : { key: '', name: '', valueType: 'string', value: '', visibility: 'none', remark: '' };

  const save = ({ value, ...rest }: Values) => {
    const body: ConfigCreate = { ...rest, key: rest.key.trim(), value: toText(rest.valueType, value) };
    return row ? updateConfig({ ...body, id: row.id }) : createConfig(body);
  };

  // How the value must read depends on its type: the contract checks it across fields (configValueProblem).
  const valueRules = [
    ...(type === 'number' ? [{ required: true, message: t('config.rule.number') }] : []),
    ...(type === 'json'
      ? [
          {
            validator: (_: unknown, v: ControlValue) =>
              configValueProblem('json', typeof v === 'string' ? v : '') ? Promise.reject(new Error(t('config.rule.json'))) : Promise.resolve(),
          },
        ]
      : []),
  ];
  const rules = useContractRules(ConfigCreate);

  return (
    <FormDialog<Values>
      title={t(row ? 'config.form.editTitle' : 'config.form.createTitle')}
      form={form}
      initialValues={initialValues}
      onSave={save}
      onClose={onClose}
      width={640}
      testId="config-form"
    >
      {builtIn && <Alert type="warning" showIcon title={t('config.form.builtInNotice')} style={{ marginBottom: 16 }} />}
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label={t('config.field.name')} rules={rules('name', t('config.field.name'))}>
            <Input maxLength={100} data-testid="config-name" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="key" label={t('config.field.key')} tooltip={t('config.form.keyHint')} rules={rules('key', t('config.field.key'))}>
            <Input maxLength={100} disabled={builtIn} placeholder="store.opening-hour" data-testid="config-key" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="valueType" label={t('config.field.valueType')}>
            <Select<ConfigValueType>
              disabled={builtIn}
              options={VALUE_TYPES.map((v) => ({ value: v, label: t(`config.type.${v}`) }))}
              // A value typed for the old type rarely fits the new one: start it afresh.
              onChange={(next) => form.setFieldValue('value', BLANK[next])}
              data-testid="config-type"
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="visibility" label={t('config.field.visible')} tooltip={t('config.form.visibleHint')}>
            <Select<ConfigVisibility>
              options={ConfigVisibility.options.map((v) => ({ value: v, label: t(`config.visibility.${v}`) }))}
              data-testid="config-visibility"
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item key={type} name="value" label={t('config.field.value')} rules={valueRules} valuePropName={type === 'boolean' ? 'checked' : 'value'}>
            {valueControl(type)}
          </Form.Item>
        </Col>
        <Col span={24}>
          <RemarkField label={t('common.remark')} rows={2} rules={rules('remark', t('common.remark'))} />
        </Col>
      </Row>
    </FormDialog>
  );
};
