import { configApi, ResultCode } from '@lightdesk/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { configs } from '../schema';
import { AppError } from '../../../lib/errors';
import { resourceRoutes, type RowOf } from '../../../lib/resource';
import { contains, equals } from '../../../lib/filters';
import { defineRoutes } from '../../../lib/routes';
import { column, labelColumn } from '../../../lib/excel';

const columns = {
  id: configs.id,
  key: configs.key,
  name: configs.name,
  value: configs.value,
  valueType: configs.valueType,
  builtIn: configs.builtIn,
  visibility: configs.visibility,
  remark: configs.remark,
  createdAt: configs.createdAt,
};
type ConfigRow = RowOf<typeof columns>;

/**
 * Parameter settings are platform-level. Built-in entries (settings.ts) are read by the
 * server: their value may change, but not their key or type, and they cannot be deleted.
 */
export default defineRoutes((r, ctx) => {
  const { db } = ctx;

  r.endpoint(configApi.getValueByKey, async ({ session, query }) => {
    const readable = session.tenantType === 'platform' ? inArray(configs.visibility, ['platform', 'all']) : eq(configs.visibility, 'all');
    const [row] = await db
      .select({ value: configs.value })
      .from(configs)
      .where(and(eq(configs.key, query.key), readable));
    return row?.value ?? null;
  });

  resourceRoutes(r, ctx, {
    api: configApi,
    tenancy: { platform: true },
    table: configs,
    id: configs.id,
    columns,
    filters: (q) => [contains(configs.name, q.name), contains(configs.key, q.key), equals(configs.builtIn, q.builtIn)],
    sortable: { key: configs.key, name: configs.name, createdAt: configs.createdAt },
    defaultSort: [asc(configs.key)],
    unique: [{ field: 'key', column: configs.key, index: 'configs_key_unique' }],
    validate: async (_ctx, _session, values, id) => {
      if (id === undefined) return;
      const [current] = await db.select({ key: configs.key, valueType: configs.valueType, builtIn: configs.builtIn }).from(configs).where(eq(configs.id, id));
      if (!current?.builtIn) return;
      for (const field of ['key', 'valueType'] as const) {
        if (values[field] !== current[field]) throw new AppError(ResultCode.badInput, 'system.config.built-in-fixed', { field });
      }
    },
    inUse: async (_ctx, _session, id) => {
      const [row] = await db.select({ builtIn: configs.builtIn }).from(configs).where(eq(configs.id, id));
      return row?.builtIn ? 'system.config.built-in' : undefined;
    },
    excel: {
      file: 'configs',
      columns: [
        column<ConfigRow>('key', 'system:config.field.key', { width: 32 }),
        column<ConfigRow>('name', 'system:config.field.name', { width: 32 }),
        column<ConfigRow>('value', 'system:config.field.value'),
        labelColumn<ConfigRow>('valueType', 'system:config.field.valueType', (c) => `system:config.type.${c.valueType}`),
        labelColumn<ConfigRow>('builtIn', 'system:config.field.builtIn', (c) => (c.builtIn ? 'system:config.builtIn' : 'system:config.custom')),
        labelColumn<ConfigRow>('visibility', 'system:config.field.visible', (c) => `system:config.visibility.${c.visibility}`),
        column<ConfigRow>('remark', 'system:common.remark', { width: 40 }),
      ],
    },
  });
});
