import { z } from 'zod';
import type * as core from 'zod/v4/core';

/**
 * The schemas of fields whose values are secrets: passwords, sign-in and verification codes,
 * single-use tickets, session tokens, device secrets. Whatever records a request (the operation
 * log) masks a field by this mark, not by its name, so a secret is masked however it is called
 * and however deep it sits. Checks added to a marked schema (`.min()`, `.refine()`) keep the mark.
 */
const secrets = z.registry<{ secret: true }>();

/** Marks a field's schema as holding a secret; answers the schema itself. */
export function secret<T extends z.ZodType>(schema: T): T {
  secrets.add(schema, { secret: true });
  return schema;
}

/** Whether a field's schema holds a secret: marked itself, or beneath `.optional()`, `.default()`, a pipe and the like. */
export function isSecret(schema: core.$ZodType): boolean {
  if (secrets.get(schema)) return true;
  const def = schema._zod.def as core.$ZodTypeDef & { innerType?: core.$ZodType; in?: core.$ZodType; out?: core.$ZodType };
  if (def.innerType) return isSecret(def.innerType);
  if (def.type === 'pipe') return isSecret(def.in!) || isSecret(def.out!);
  return false;
}

/** The schemas directly beneath one: its fields, items, options, or what a wrapper or pipe wraps. */
export function innerSchemas(schema: core.$ZodType): core.$ZodType[] {
  const def = (schema as core.$ZodTypes)._zod.def;
  switch (def.type) {
    case 'object':
      return [...Object.values(def.shape), ...(def.catchall ? [def.catchall] : [])];
    case 'array':
      return [def.element];
    case 'record':
      return [def.valueType];
    case 'tuple':
      return [...def.items, ...(def.rest ? [def.rest] : [])];
    case 'union':
      return [...def.options];
    case 'intersection':
      return [def.left, def.right];
    case 'pipe':
      return [def.in, def.out];
    case 'lazy':
      return [def.getter()];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return [def.innerType];
    default:
      return [];
  }
}
