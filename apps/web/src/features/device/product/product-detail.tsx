import type { DataType, Product, ThingEvent, ThingParam, ThingProperty, ThingService } from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Skeleton from 'antd/es/skeleton';
import Table, { type ColumnsType } from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/list-columns';
import { productDetailQuery } from './api';
import { NodeTypeTag } from './node-type-tag';

/** A data type in one line, as the thing model's JSON spells it: `int 0…100 %`, `enum 0: off, 1: on`. */
export function describeDataType(dataType: DataType): string {
  switch (dataType.type) {
    case 'int':
    case 'float': {
      const { min, max, unit } = dataType.specs;
      return `${dataType.type} ${min}…${max}${unit ? ` ${unit}` : ''}`;
    }
    case 'enum':
      return `enum ${Object.entries(dataType.specs)
        .map(([value, label]) => `${value}: ${label}`)
        .join(', ')}`;
    case 'text':
      return `text ≤ ${dataType.specs.length}`;
    case 'array':
      return `array<${dataType.specs.item}> × ${dataType.specs.size}`;
    case 'struct':
      return `struct { ${dataType.specs.map((f) => f.identifier).join(', ')} }`;
    default:
      return dataType.type;
  }
}

const params = (list: ThingParam[]) => (list.length ? list.map((p) => p.identifier).join(', ') : '—');

/** One product: its facts and its thing model's properties, events and services. */
export function ProductDetailDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('device');
  const { data: product } = useQuery(productDetailQuery(id));
  return (
    <Drawer open onClose={onClose} title={product?.name ?? t('product.detail.title')} size={880} destroyOnHidden data-testid="product-detail">
      {product ? <ProductDetailBody product={product} /> : <Skeleton active />}
    </Drawer>
  );
}

function ProductDetailBody({ product }: { product: Product }) {
  const { t } = useTranslation('device');
  const { properties, events, services } = product.thingModel;
  const identifier = { key: 'identifier', dataIndex: 'identifier', title: t('product.model.identifier'), render: (v: string) => <code>{v}</code> };
  const name = { key: 'name', dataIndex: 'name', title: t('product.model.name') };
  const propertyColumns: ColumnsType<ThingProperty> = [
    identifier,
    name,
    { key: 'accessMode', dataIndex: 'accessMode', title: t('product.model.accessMode'), render: (mode: string) => t(`product.accessMode.${mode}`) },
    { key: 'dataType', dataIndex: 'dataType', title: t('product.model.dataType'), render: (type: DataType) => <code>{describeDataType(type)}</code> },
  ];
  const eventColumns: ColumnsType<ThingEvent> = [
    identifier,
    name,
    { key: 'type', dataIndex: 'type', title: t('product.model.eventType'), render: (type: string) => t(`product.eventType.${type}`) },
    { key: 'outputData', dataIndex: 'outputData', title: t('product.model.outputData'), render: params },
  ];
  const serviceColumns: ColumnsType<ThingService> = [
    identifier,
    name,
    { key: 'callType', dataIndex: 'callType', title: t('product.model.callType'), render: (type: string) => t(`product.callType.${type}`) },
    { key: 'inputData', dataIndex: 'inputData', title: t('product.model.inputData'), render: params },
    { key: 'outputData', dataIndex: 'outputData', title: t('product.model.outputData'), render: params },
  ];
  const section = <Row extends { identifier: string }>(title: string, testId: string, rows: Row[], columns: ColumnsType<Row>) => (
    <section aria-label={title} style={{ marginTop: 24 }}>
      <Typography.Title level={5}>
        {title} ({rows.length})
      </Typography.Title>
      <Table<Row> rowKey="identifier" size="small" pagination={false} dataSource={rows} columns={columns} data-testid={testId} />
    </section>
  );
  return (
    <>
      <Descriptions
        size="small"
        column={2}
        bordered
        items={[
          {
            key: 'productKey',
            label: t('product.field.productKey'),
            span: 2,
            children: (
              <Typography.Text code copyable>
                {product.productKey}
              </Typography.Text>
            ),
          },
          { key: 'nodeType', label: t('product.field.nodeType'), children: <NodeTypeTag value={product.nodeType} /> },
          { key: 'protocol', label: t('product.field.protocol'), children: product.protocol.toUpperCase() },
          { key: 'createdAt', label: t('product.field.createdAt'), children: <DateTime value={product.createdAt} /> },
          { key: 'updatedAt', label: t('product.field.updatedAt'), children: <DateTime value={product.updatedAt} /> },
          { key: 'description', label: t('product.field.description'), span: 2, children: product.description || '—' },
        ]}
      />
      {section(t('product.field.properties'), 'model-properties', properties, propertyColumns)}
      {section(t('product.field.events'), 'model-events', events, eventColumns)}
      {section(t('product.field.services'), 'model-services', services, serviceColumns)}
    </>
  );
}
