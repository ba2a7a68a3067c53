import { z } from 'zod';
import { DateTime, Id, Int32, ListQuery, Text, TextFilter } from '../common';
import { resourceEndpoints } from '../resource';

/**
 * Cloud IoT products: a kind of device that connects to the cloud, with its thing model (the
 * properties it reports, the events it raises, the services it offers). Platform-wide.
 */

export const NODE_TYPES = ['direct', 'gateway', 'sub-device'] as const;
export const NodeType = z.enum(NODE_TYPES);
export type NodeType = z.infer<typeof NodeType>;
export const PROTOCOLS = ['mqtt', 'http'] as const;
export const Protocol = z.enum(PROTOCOLS);
export type Protocol = z.infer<typeof Protocol>;

/** What the server hands out once: 11 letters and digits, never changed. */
export const PRODUCT_KEY = /^[A-Za-z0-9]{11}$/;

/** How devices and apps name a property, event, service or parameter. */
export const ThingIdentifier = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/, 'must start with a letter and hold at most 50 letters, digits or underscores');
const ThingName = Text(50).min(1);
const Empty = z.object({}).default({});

const numberSpecs = z
  .object({
    min: z.number(),
    max: z.number(),
    step: z.number().positive().optional(),
    unit: Text(20).default(''),
  })
  .refine((s) => s.min <= s.max, { path: ['min'], message: 'must not be greater than max' });

const SCALAR_TYPES = ['int', 'float', 'bool', 'text', 'date'] as const;
export const DATA_TYPES = ['int', 'float', 'bool', 'enum', 'text', 'date', 'struct', 'array'] as const;
export type DataTypeName = (typeof DATA_TYPES)[number];

/** Every data type but struct: what a struct's fields may be. */
const flatTypes = [
  z.object({ type: z.literal('int'), specs: numberSpecs }),
  z.object({ type: z.literal('float'), specs: numberSpecs }),
  z.object({ type: z.literal('bool'), specs: z.object({ true: Text(50).default(''), false: Text(50).default('') }).default({ true: '', false: '' }) }),
  z.object({
    type: z.literal('enum'),
    // value → label, e.g. { "0": "off", "1": "on" }
    specs: z.record(Text(50).min(1), Text(50).min(1)).refine((s) => Object.keys(s).length > 0, 'must list at least one value'),
  }),
  z.object({ type: z.literal('text'), specs: z.object({ length: Int32(1, 10240) }) }),
  z.object({ type: z.literal('date'), specs: Empty }),
  z.object({ type: z.literal('array'), specs: z.object({ item: z.enum(SCALAR_TYPES), size: Int32(1, 512) }) }),
] as const;
const FlatDataType = z.discriminatedUnion('type', [...flatTypes]);

/** Identifiers must differ within one list (a struct's fields, a service's parameters). */
function uniqueIdentifiers<T extends { identifier: string }>(list: z.ZodType<T[]>) {
  return list.superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((item, i) => {
      if (seen.has(item.identifier)) ctx.addIssue({ code: 'custom', path: [i, 'identifier'], message: 'is already used in this list' });
      seen.add(item.identifier);
    });
  });
}

const StructField = z.object({ identifier: ThingIdentifier, name: ThingName, dataType: FlatDataType });
export const DataType = z.discriminatedUnion('type', [
  ...flatTypes,
  z.object({ type: z.literal('struct'), specs: uniqueIdentifiers(z.array(StructField).min(1).max(50)) }),
]);
export type DataType = z.infer<typeof DataType>;

export const ThingParam = z.object({ identifier: ThingIdentifier, name: ThingName, dataType: DataType });
export type ThingParam = z.infer<typeof ThingParam>;
const Params = uniqueIdentifiers(z.array(ThingParam).max(50)).default([]);

export const ThingProperty = z.object({
  identifier: ThingIdentifier,
  name: ThingName,
  accessMode: z.enum(['r', 'rw']),
  dataType: DataType,
});
export type ThingProperty = z.infer<typeof ThingProperty>;
export const ThingEvent = z.object({ identifier: ThingIdentifier, name: ThingName, type: z.enum(['info', 'alert', 'error']), outputData: Params });
export type ThingEvent = z.infer<typeof ThingEvent>;
export const ThingService = z.object({
  identifier: ThingIdentifier,
  name: ThingName,
  callType: z.enum(['sync', 'async']),
  inputData: Params,
  outputData: Params,
});
export type ThingService = z.infer<typeof ThingService>;

/**
 * A product's thing model; an identifier is used once across its properties, events and
 * services. Strict: a misspelt list ("propertes") is refused rather than dropped.
 */
export const ThingModel = z
  .strictObject({
    properties: z.array(ThingProperty).max(200).default([]),
    events: z.array(ThingEvent).max(100).default([]),
    services: z.array(ThingService).max(100).default([]),
  })
  .superRefine((model, ctx) => {
    const seen = new Set<string>();
    for (const kind of ['properties', 'events', 'services'] as const) {
      model[kind].forEach((item, i) => {
        if (seen.has(item.identifier)) ctx.addIssue({ code: 'custom', path: [kind, i, 'identifier'], message: 'is already used in this thing model' });
        seen.add(item.identifier);
      });
    }
  });
export type ThingModel = z.infer<typeof ThingModel>;

export const ProductQuery = ListQuery.extend({ name: TextFilter, productKey: TextFilter, nodeType: NodeType.optional() });
export type ProductQuery = z.infer<typeof ProductQuery>;

export const ProductCreate = z.object({
  name: Text(50).min(1),
  nodeType: NodeType,
  protocol: Protocol,
  description: Text(500, { lines: true }).default(''),
  thingModel: ThingModel.default({ properties: [], events: [], services: [] }),
});
export type ProductCreate = z.infer<typeof ProductCreate>;
/** The product key is not among the fields: it never changes. */
export const ProductUpdate = ProductCreate.extend({ id: Id });
export type ProductUpdate = z.infer<typeof ProductUpdate>;

export const Product = ProductCreate.extend({ id: Id, productKey: z.string(), createdAt: DateTime, updatedAt: DateTime });
export type Product = z.infer<typeof Product>;

export const productApi = resourceEndpoints('/api/iot/product', 'iot:product', {
  name: 'product',
  query: ProductQuery,
  row: Product,
  create: ProductCreate,
  update: ProductUpdate,
  excel: true,
  platform: true,
});
