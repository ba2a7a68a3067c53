import EyeOutlined from '@ant-design/icons/EyeOutlined';
import { NODE_TYPES, productApi, type NodeType, type Product } from '@lightdesk/contract';
import Button from 'antd/es/button';
import { useMemo, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { col, dateCol } from '../../../components/list-columns';
import { selectFilter, textFilter } from '../../../components/list-filters';
import { ListPage } from '../../../components/list-page';
import { lazyPart } from '../../../lib/lazy';
import { deleteProduct, productCache, productPageQuery } from './api';
import { NodeTypeTag } from './node-type-tag';
import { ProductForm } from './product-form';
import type { ProductDetailDrawer as ProductDetail } from './product-detail';

// The drawer loads when first opened: the list alone is what the screen needs first.
const ProductDetailDrawer = lazyPart<ComponentProps<typeof ProductDetail>>(() => import('./product-detail').then((m) => ({ default: m.ProductDetailDrawer })));

/** Cloud IoT › Products: the kinds of device that connect to the cloud, each with its thing model. */
export function ProductPage() {
  const { t } = useTranslation('device');
  const [openId, setOpenId] = useState<number>();
  const columns = useMemo(() => {
    // How many properties, events and services the thing model holds.
    const count = (kind: 'properties' | 'events' | 'services') =>
      col<Product>('thingModel', t(`product.field.${kind}`), {
        key: kind,
        align: 'right',
        width: 96,
        render: (_: unknown, row: Product) => row.thingModel[kind].length,
      });
    return [
      col<Product>('name', t('product.field.name'), {
        sortable: true,
        render: (name: string, row: Product) => (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpenId(row.id)} data-testid="product-name">
            {name}
          </Button>
        ),
      }),
      col<Product>('productKey', t('product.field.productKey'), { sortable: true, render: (key: string) => <code>{key}</code> }),
      col<Product>('nodeType', t('product.field.nodeType'), { sortable: true, render: (type: NodeType) => <NodeTypeTag value={type} /> }),
      col<Product>('protocol', t('product.field.protocol'), { render: (protocol: string) => protocol.toUpperCase() }),
      count('properties'),
      count('events'),
      count('services'),
      dateCol<Product>('createdAt', t('product.field.createdAt'), { sortable: true }),
    ];
  }, [t]);

  return (
    <>
      <ListPage
        query={productPageQuery}
        cache={productCache}
        filters={[
          textFilter('name', t('product.field.name')),
          textFilter('productKey', t('product.field.productKey')),
          selectFilter(
            'nodeType',
            t('product.field.nodeType'),
            NODE_TYPES.map((value) => ({ value, label: t(`product.nodeType.${value}`) })),
          ),
        ]}
        columns={columns}
        actions={{
          create: { permission: 'iot:product:create', form: ProductForm },
          edit: { permission: 'iot:product:update', form: ProductForm },
          remove: { permission: 'iot:product:delete', run: (p) => deleteProduct(p.id), describe: (p) => p.name },
          export: { endpoint: productApi.exportExcel, fileName: t('product.file') },
        }}
        rowActions={(row) => (
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setOpenId(row.id)} data-testid="row-detail">
            {t('product.detail.open')}
          </Button>
        )}
      />
      {openId !== undefined && <ProductDetailDrawer id={openId} onClose={() => setOpenId(undefined)} />}
    </>
  );
}
