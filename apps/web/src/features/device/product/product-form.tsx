import { NODE_TYPES, PROTOCOLS, ProductCreate, type Product, type ThingModel } from '@lightdesk/contract';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import type { ListForm } from '../../../components/list-page';
import { FormDialog } from '../../../components/form-dialog';
import { useContractRules } from '../../../components/field-rules';
import { createProduct, updateProduct } from './api';

/** The form holds the thing model as the JSON text the person edits. */
type Values = Omit<ProductCreate, 'thingModel'> & { thingModel: string };

const EMPTY_MODEL: ThingModel = { properties: [], events: [], services: [] };
const asJson = (model: ThingModel) => JSON.stringify(model, null, 2);

/**
 * Create or edit a product. The thing model is checked here as JSON only; the server checks its
 * content and names the first wrong place (`thingModel.properties[2].dataType.specs.min`), shown
 * under the field.
 */
export const ProductForm: ListForm<Product> = ({ row, onClose }) => {
  const { t } = useTranslation('device');
  const [form] = Form.useForm<Values>();
  const rules = useContractRules(ProductCreate);
  const save = (values: Values) => {
    const body = { ...values, thingModel: JSON.parse(values.thingModel) as ThingModel };
    return row ? updateProduct({ ...body, id: row.id }) : createProduct(body);
  };
  return (
    <FormDialog<Values>
      title={t(row ? 'product.edit' : 'product.create')}
      form={form}
      testId="product-form"
      width={720}
      initialValues={
        row
          ? { name: row.name, nodeType: row.nodeType, protocol: row.protocol, description: row.description, thingModel: asJson(row.thingModel) }
          : { nodeType: 'direct', protocol: 'mqtt', description: '', thingModel: asJson(EMPTY_MODEL) }
      }
      onSave={save}
      onClose={onClose}
    >
      <Form.Item name="name" label={t('product.field.name')} rules={rules('name', t('product.field.name'))}>
        <Input maxLength={50} />
      </Form.Item>
      {row && (
        <Form.Item label={t('product.field.productKey')} extra={t('product.productKeyHint')}>
          <code data-testid="product-key">{row.productKey}</code>
        </Form.Item>
      )}
      <Form.Item name="nodeType" label={t('product.field.nodeType')} rules={rules('nodeType', t('product.field.nodeType'), { choice: true })}>
        <Select options={NODE_TYPES.map((value) => ({ value, label: t(`product.nodeType.${value}`) }))} />
      </Form.Item>
      <Form.Item name="protocol" label={t('product.field.protocol')} rules={rules('protocol', t('product.field.protocol'), { choice: true })}>
        <Radio.Group options={PROTOCOLS.map((value) => ({ value, label: value.toUpperCase() }))} />
      </Form.Item>
      <Form.Item name="description" label={t('product.field.description')} rules={rules('description', t('product.field.description'))}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
      <Form.Item
        name="thingModel"
        label={t('product.field.thingModel')}
        extra={t('product.thingModelHint')}
        rules={[
          {
            validator: (_, text: string) => {
              try {
                JSON.parse(text);
                return Promise.resolve();
              } catch {
                return Promise.reject(new Error(t('product.notJson')));
              }
            },
          },
        ]}
      >
        <Input.TextArea rows={14} spellCheck={false} style={{ fontFamily: 'monospace', fontSize: 13 }} data-testid="thing-model" />
      </Form.Item>
    </FormDialog>
  );
};
