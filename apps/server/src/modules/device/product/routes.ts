import { productApi, type ProductCreate, type ProductUpdate } from '@lightdesk/contract';
import { desc } from 'drizzle-orm';
import { iotProducts } from '../schema';
import { contains, equals } from '../../../lib/filters';
import { defineRoutes } from '../../../lib/routes';
import { resourceRoutes, type RowOf } from '../../../lib/resource';

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
        { key: 'productKey', header: { zh: '产品标识', en: 'Product key' }, value: (p: ProductRow) => p.productKey },
        { key: 'name', header: { zh: '产品名称', en: 'Name' }, value: (p: ProductRow) => p.name },
        { key: 'nodeType', header: { zh: '节点类型', en: 'Node type' }, value: (p: ProductRow) => p.nodeType },
        { key: 'protocol', header: { zh: '接入协议', en: 'Protocol' }, value: (p: ProductRow) => p.protocol },
        { key: 'properties', header: { zh: '属性数', en: 'Properties' }, value: (p: ProductRow) => p.thingModel.properties.length },
        { key: 'events', header: { zh: '事件数', en: 'Events' }, value: (p: ProductRow) => p.thingModel.events.length },
        { key: 'services', header: { zh: '服务数', en: 'Services' }, value: (p: ProductRow) => p.thingModel.services.length },
        { key: 'description', header: { zh: '描述', en: 'Description' }, value: (p: ProductRow) => p.description },
        { key: 'createdAt', header: { zh: '创建时间', en: 'Created' }, value: (p: ProductRow) => p.createdAt },
      ],
    },
  }),
);
