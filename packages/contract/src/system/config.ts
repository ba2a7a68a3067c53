import { z } from 'zod';
import { Id, ListQuery, QueryBoolean, TextFilter } from '../common';

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

export const ConfigQuery = ListQuery.extend({ name: TextFilter, key: TextFilter, builtIn: QueryBoolean.optional() });
export type ConfigQuery = z.infer<typeof ConfigQuery>;

const ConfigFields = z.object({
  key: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[a-z0-9][a-z0-9._-]*$/, 'lower-case letters, digits, dots, dashes and underscores'),
  name: z.string().trim().min(1).max(100),
  value: z.string().max(4000),
  valueType: ConfigValueType.default('string'),
  /** Whether signed-in users may read it (GET get-value-by-key). */
  visible: z.boolean().default(true),
  remark: z.string().trim().max(500).default(''),
});

function valueMatchesType(c: z.output<typeof ConfigFields>, ctx: z.RefinementCtx) {
  const problem = configValueProblem(c.valueType, c.value);
  if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
}

export const ConfigCreate = ConfigFields.superRefine(valueMatchesType);
export type ConfigCreate = z.infer<typeof ConfigCreate>;
export const ConfigUpdate = ConfigFields.extend({ id: Id }).superRefine(valueMatchesType);
export type ConfigUpdate = z.infer<typeof ConfigUpdate>;

export interface ConfigEntry extends ConfigCreate {
  id: number;
  /** Read by the server itself: editable, not deletable, key and type fixed. */
  builtIn: boolean;
  createdAt: string;
}

export const ConfigKeyQuery = z.object({ key: ConfigFields.shape.key });
