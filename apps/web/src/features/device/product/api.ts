import { productApi, type ProductCreate, type ProductQuery, type ProductUpdate } from '@lightdesk/contract';
import { call } from '../../../lib/http';
import { resourceCache } from '../../../lib/resource-cache';

export const productCache = resourceCache('device', 'product');

export const productPageQuery = (q: ProductQuery) => productCache.query(productApi.page, q);
export const productDetailQuery = (id: number) => productCache.query(productApi.get, { id });
export const createProduct = (body: ProductCreate) => call(productApi.create, body);
export const updateProduct = (body: ProductUpdate) => call(productApi.update, body);
export const deleteProduct = (id: number) => call(productApi.delete, { id });
