import { productApi, type ProductCreate, type ProductUpdate } from '@lightdesk/contract';
import { desc } from 'drizzle-orm';
import { iotProducts } from '../schema';
import { contains, equals } from '../../../lib/filters';
import { defineRoutes } from '../../../lib/routes';
import { resourceRoutes, type RowOf } from '../../../lib/resource';
import { column, dateColumn, labelColumn } from '../../../lib/excel';

const columns = {
  id: iotProducts.id,
  productKey: iotProducts.productKey,
  name: iotProducts.name,
  nodeType: iotProducts.nodeType,
  protocol: iotProducts.protocol,
  description: iotProducts.description,
  thingModel: iotProducts.thingModel,
  createdAt: iotProducts.createdAt,
  updatedAt: iotProducts.updatedAt,
};
type ProductRow = RowOf<typeof columns>;

export default defineRoutes((r, ctx) =>
  resourceRoutes(r, ctx, {
    api: productApi,
    table: iotProducts,
    id: iotProducts.id,
    tenancy: { platform: true },
    columns,
    filters: (q) => [contains(iotProducts.name, q.name), contains(iotProducts.productKey, q.productKey), equals(iotProducts.nodeType, q.nodeType)],
    sortable: { name: iotProducts.name, productKey: iotProducts.productKey, nodeType: iotProducts.nodeType, createdAt: iotProducts.createdAt },
    defaultSort: [desc(iotProducts.createdAt), desc(iotProducts.id)],
    unique: [{ field: 'name', column: iotProducts.name, platformWide: true, ignoreCase: true, index: 'iot_products_name_key' }],
    // The product key comes from the table's default on insert and is no field of an update.
    toRow: (values: ProductCreate | ProductUpdate, session) => ('id' in values ? values : { ...values, createdBy: session.userId }),
    excel: {
      file: 'products',
      columns: [
        column<ProductRow>('productKey', 'device:product.field.productKey'),
        column<ProductRow>('name', 'device:product.field.name'),
        labelColumn<ProductRow>('nodeType', 'device:product.field.nodeType', (p) => `device:product.nodeType.${p.nodeType}`),
        column<ProductRow>('protocol', 'device:product.field.protocol', { value: (p) => p.protocol.toUpperCase() }),
        column<ProductRow>('properties', 'device:product.field.properties', { value: (p) => p.thingModel.properties.length }),
        column<ProductRow>('events', 'device:product.field.events', { value: (p) => p.thingModel.events.length }),
        column<ProductRow>('services', 'device:product.field.services', { value: (p) => p.thingModel.services.length }),
        column<ProductRow>('description', 'device:product.field.description'),
        dateColumn<ProductRow>('createdAt', 'device:product.field.createdAt'),
      ],
    },
  }),
);
