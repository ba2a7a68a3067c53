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
