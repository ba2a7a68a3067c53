import { dictDataApi, dictTypeApi, ResultCode } from '@lightdesk/contract';
import { and, asc, eq, ne } from 'drizzle-orm';
import { dictData, dictTypes } from '../schema';
import { countOf } from '../../../lib/sql';
import type { AppContext } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { resourceRoutes, type RowOf } from '../../../lib/resource';
import { contains, equals } from '../../../lib/filters';
import { defineRoutes } from '../../../lib/routes';

const readColumns = {
  dictType: dictData.dictType,
  value: dictData.value,
  label: dictData.label,
  colorType: dictData.colorType,
  cssClass: dictData.cssClass,
  sort: dictData.sort,
};

const typeColumns = {
  id: dictTypes.id,
  name: dictTypes.name,
  type: dictTypes.type,
  status: dictTypes.status,
  remark: dictTypes.remark,
  createdAt: dictTypes.createdAt,
};
type TypeRow = RowOf<typeof typeColumns>;
const dataColumns = { id: dictData.id, ...readColumns, status: dictData.status, remark: dictData.remark, createdAt: dictData.createdAt };
type DataRow = RowOf<typeof dataColumns>;

const statusText = (status: number) => (status === 0 ? 'Enabled' : 'Disabled');

const entriesOf = async ({ db }: AppContext, type: string) => {
  const [row] = await db.select({ n: countOf }).from(dictData).where(eq(dictData.dictType, type));
  return row?.n ?? 0;
};
const typeOfId = async ({ db }: AppContext, id: number) => (await db.select({ type: dictTypes.type }).from(dictTypes).where(eq(dictTypes.id, id)))[0]?.type;

/**
 * Dictionaries are platform-level: one set shared by every tenant. Only platform staff edit
 * them; everyone signed in reads the enabled entries through the two routes below.
 */
export default defineRoutes((r, ctx) => {
  const { db } = ctx;

  r.endpoint(dictDataApi.ofType, ({ params }) =>
    db
      .select(readColumns)
      .from(dictData)
      .innerJoin(dictTypes, eq(dictTypes.type, dictData.dictType))
      .where(and(eq(dictData.dictType, params.type), eq(dictData.status, 0), eq(dictTypes.status, 0)))
      .orderBy(asc(dictData.sort), asc(dictData.id)),
  );

  // Ordered so each dictionary's entries are contiguous.
  r.endpoint(dictDataApi.enabled, () =>
    db
      .select(readColumns)
      .from(dictData)
      .innerJoin(dictTypes, eq(dictTypes.type, dictData.dictType))
      .where(and(eq(dictData.status, 0), eq(dictTypes.status, 0)))
      .orderBy(asc(dictData.dictType), asc(dictData.sort), asc(dictData.id)),
  );

  resourceRoutes(r, ctx, {
    api: dictTypeApi,
    tenancy: { platform: true },
    table: dictTypes,
    id: dictTypes.id,
    columns: typeColumns,
    filters: (q) => [contains(dictTypes.name, q.name), contains(dictTypes.type, q.type), equals(dictTypes.status, q.status)],
    sortable: { type: dictTypes.type, name: dictTypes.name, createdAt: dictTypes.createdAt },
    defaultSort: [asc(dictTypes.type)],
    unique: [{ field: 'type', column: dictTypes.type, index: 'dict_types_type_unique' }],
    // Entries name their type by its text, so renaming a type in use would orphan them.
    validate: async (c, _session, values, id) => {
      if (id === undefined) return;
      const current = await typeOfId(c, id);
      if (current && current !== values.type && (await entriesOf(c, current)) > 0)
        throw new AppError(ResultCode.conflict, 'system.dict-type.type-locked', { field: 'type' });
    },
    inUse: async (c, _session, id) => ((await entriesOf(c, (await typeOfId(c, id)) ?? '')) > 0 ? 'system.dict-type.has-data' : undefined),
    excel: {
      file: 'dict-types',
      columns: [
        { key: 'type', header: { zh: '字典类型', en: 'Type' }, value: (t: TypeRow) => t.type },
        { key: 'name', header: { zh: '字典名称', en: 'Name' }, value: (t: TypeRow) => t.name },
        { key: 'status', header: { zh: '状态', en: 'Status' }, value: (t: TypeRow) => statusText(t.status) },
        { key: 'remark', header: { zh: '备注', en: 'Remark' }, value: (t: TypeRow) => t.remark },
        { key: 'createdAt', header: { zh: '创建时间', en: 'Created' }, value: (t: TypeRow) => t.createdAt },
      ],
    },
    simple: { columns: { id: dictTypes.id, name: dictTypes.name, type: dictTypes.type }, where: eq(dictTypes.status, 0) },
  });

  resourceRoutes(r, ctx, {
    api: dictDataApi,
    tenancy: { platform: true },
    table: dictData,
    id: dictData.id,
    columns: dataColumns,
    filters: (q) => [eq(dictData.dictType, q.dictType), contains(dictData.label, q.label), equals(dictData.status, q.status)],
    sortable: { sort: dictData.sort, value: dictData.value, label: dictData.label, createdAt: dictData.createdAt },
    defaultSort: [asc(dictData.sort), asc(dictData.id)],
    // The type must exist, and a value is unique within its type (a pair, so checked here rather than by `unique`).
    validate: async ({ db: d }, _session, values, id) => {
      const [type] = await d.select({ id: dictTypes.id }).from(dictTypes).where(eq(dictTypes.type, values.dictType));
      if (!type) throw new AppError(ResultCode.badInput, 'common.reference-not-found', { field: 'dictType' });
      const [clash] = await d
        .select({ id: dictData.id })
        .from(dictData)
        .where(and(eq(dictData.dictType, values.dictType), eq(dictData.value, values.value), id === undefined ? undefined : ne(dictData.id, id)));
      if (clash) throw new AppError(ResultCode.conflict, 'common.duplicate', { field: 'value' });
    },
    excel: {
      file: 'dict-data',
      columns: [
        { key: 'dictType', header: { zh: '字典类型', en: 'Type' }, value: (d: DataRow) => d.dictType },
        { key: 'value', header: { zh: '字典键值', en: 'Value' }, value: (d: DataRow) => d.value },
        { key: 'label', header: { zh: '字典标签', en: 'Label' }, value: (d: DataRow) => d.label },
        { key: 'colorType', header: { zh: '颜色类型', en: 'Colour' }, value: (d: DataRow) => d.colorType },
        { key: 'sort', header: { zh: '排序', en: 'Order' }, value: (d: DataRow) => d.sort },
        { key: 'status', header: { zh: '状态', en: 'Status' }, value: (d: DataRow) => statusText(d.status) },
        { key: 'remark', header: { zh: '备注', en: 'Remark' }, value: (d: DataRow) => d.remark },
      ],
    },
  });
});
