import { z } from 'zod';
import { DateTime, Id, ListQuery, QueryBoolean, Text, TextFilter } from '../common';
import { endpoint } from '../endpoint';
import { resourceEndpoints } from '../resource';

/** How a parameter's text value is read. */
export const ConfigValueType = z.enum(['string', 'number', 'boolean', 'json']);
export type ConfigValueType = z.infer<typeof ConfigValueType>;

/** Why `value` is not a valid text of `type`, or undefined when it is. */
export function configValueProblem(type: ConfigValueType, value: string): string | undefined {
  switch (type) {
    case 'number':
      return value.trim() !== '' && Number.isFinite(Number(value)) ? undefined : 'must be a number';
    case 'boolean':
      return value === 'true' || value === 'false' ? undefined : 'must be true or false';
    case 'json':
      try {
        JSON.parse(value);
        return undefined;
      } catch {
        return 'must be valid JSON';
      }
    default:
      return undefined;
  }
}

/**
 * Who may read a parameter by its key (GET get-value-by-key), besides the parameters screen:
 * nobody (the default), the platform's staff, or the staff of every agent as well.
 */
export const ConfigVisibility = z.enum(['none', 'platform', 'all']);
export type ConfigVisibility = z.infer<typeof ConfigVisibility>;

export const ConfigQuery = ListQuery.extend({ name: TextFilter, key: TextFilter, builtIn: QueryBoolean.optional() });
export type ConfigQuery = z.infer<typeof ConfigQuery>;

const ConfigFields = z.object({
  key: Text(100)
    .min(1)
    .regex(/^[a-z0-9][a-z0-9._-]*$/, 'form.configKey'),
  name: Text(100).min(1),
  value: Text(4000, { lines: true, trim: false }),
  valueType: ConfigValueType.default('string'),
  visibility: ConfigVisibility.default('none'),
  remark: Text(500, { lines: true }).default(''),
});

function valueMatchesType(c: z.output<typeof ConfigFields>, ctx: z.RefinementCtx) {
  const problem = configValueProblem(c.valueType, c.value);
  if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
}

export const ConfigCreate = ConfigFields.superRefine(valueMatchesType);
export type ConfigCreate = z.infer<typeof ConfigCreate>;
export const ConfigUpdate = ConfigFields.extend({ id: Id }).superRefine(valueMatchesType);
export type ConfigUpdate = z.infer<typeof ConfigUpdate>;

export const ConfigEntry = ConfigFields.extend({
  id: Id,
  /** Read by the server itself: editable, not deletable, key and type fixed. */
  builtIn: z.boolean(),
  createdAt: DateTime,
});
export type ConfigEntry = z.infer<typeof ConfigEntry>;

export const ConfigKeyQuery = z.object({ key: ConfigFields.shape.key });

export const configApi = {
  ...resourceEndpoints('/api/system/config', 'system:config', {
    name: 'parameter',
    query: ConfigQuery,
    row: ConfigEntry,
    create: ConfigCreate,
    update: ConfigUpdate,
    excel: true,
    platform: true,
  }),
  // For screens that need a parameter's value, as text (the caller knows the type it asked for).
  // Each entry says who may read it; an entry the caller may not read answers like a missing one.
  getValueByKey: endpoint.get('/api/system/config/get-value-by-key', {
    signedIn: true,
    query: ConfigKeyQuery,
    answer: z.string().nullable(),
    summary: 'The value of one parameter its visibility lets the caller read',
  }),
};
