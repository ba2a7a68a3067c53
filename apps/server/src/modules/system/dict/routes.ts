import { dictDataApi, DictType, dictTypeApi, ResultCode } from '@lightdesk/contract';
import { and, asc, eq, ne } from 'drizzle-orm';
import { dictData, dictTypes } from '../schema';
import { countOf } from '../../../lib/sql';
import type { AppContext } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { resourceRoutes, type RowOf } from '../../../lib/resource';
import { contains, equals } from '../../../lib/filters';
import { defineRoutes } from '../../../lib/routes';
import { column, dateColumn, dictColumn } from '../../../lib/excel';

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
        column<TypeRow>('type', 'system:dict.type.type'),
        column<TypeRow>('name', 'system:dict.type.name'),
        dictColumn<TypeRow>('status', 'system:common.status', DictType.commonStatus),
        column<TypeRow>('remark', 'system:common.remark'),
        dateColumn<TypeRow>('createdAt', 'system:common.createdAt'),
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
        column<DataRow>('dictType', 'system:dict.type.type'),
        column<DataRow>('value', 'system:dict.data.value'),
        column<DataRow>('label', 'system:dict.data.label'),
        column<DataRow>('colorType', 'system:dict.data.colorType', { value: (d, reader) => reader.text(`system:dict.colour.${d.colorType || 'none'}`) }),
        column<DataRow>('sort', 'system:common.sort'),
        dictColumn<DataRow>('status', 'system:common.status', DictType.commonStatus),
        column<DataRow>('remark', 'system:common.remark'),
      ],
    },
  });
});
