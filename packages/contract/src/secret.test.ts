import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import type * as core from 'zod/v4/core';
import type { Endpoint } from './endpoint';
import * as contract from './index';
import { innerSchemas, isSecret, secret } from './secret';

/** Every endpoint the contract exports, alone or in an API's table. */
function endpointsOf(value: unknown, found = new Set<Endpoint>()): Set<Endpoint> {
  if (!value || typeof value !== 'object' || value instanceof z.ZodType) return found;
  if ('method' in value && 'path' in value && 'access' in value) return found.add(value as Endpoint);
  for (const inner of Object.values(value)) endpointsOf(inner, found);
  return found;
}

/** Each object field beneath a schema, with its path and its neighbours' names. */
function fieldsOf(
  schema: core.$ZodType,
  path: string,
  visit: (path: string, name: string, field: core.$ZodType, siblings: string[]) => void,
  seen = new Set<core.$ZodType>(),
): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = (schema as core.$ZodTypes)._zod.def;
  const inner = (s: core.$ZodType, at = path): void => fieldsOf(s, at, visit, seen);
  switch (def.type) {
    case 'object':
      for (const [name, field] of Object.entries<core.$ZodType>(def.shape)) {
        visit(`${path}.${name}`, name, field, Object.keys(def.shape));
        inner(field, `${path}.${name}`);
      }
      return;
    case 'array':
      return inner(def.element, `${path}[]`);
    case 'record':
      return inner(def.valueType, `${path}.*`);
    default:
      return innerSchemas(schema).forEach((s) => inner(s));
  }
}

/** Names that say a field holds a secret. */
const SECRET_NAME = /pass|pwd|secret|token|captcha|ticket|credential|otp|api_?key|private_?key|social(code|state)/i;
/** Names that match but hold none, and why. */
const NOT_SECRET: Record<string, string> = {
  secretGeneration: 'counts the secrets a device was given',
  captchaEnabled: 'says whether the sign-in screen shows a challenge',
  captchaId: 'names a challenge; only its answer proves anything',
};
/** A code beside the address it was sent to is a verification code. */
const ADDRESSES = ['mobile', 'email'];

describe('secret fields', () => {
  test('the mark survives checks and wrappers, and marks nothing else', () => {
    const pin = secret(z.string().min(4));
    for (const schema of [pin, pin.max(8), pin.refine(() => true), pin.optional(), pin.nullable().default(null), pin.transform((v) => v.trim())]) {
      expect(isSecret(schema)).toBe(true);
    }
    expect(isSecret(z.string().min(4))).toBe(false);
    expect(isSecret(z.object({ pin }))).toBe(false);
  });

  test("every field of the contract's endpoints that holds a password, code, ticket, token or secret is marked", () => {
    const endpoints = [...endpointsOf(contract)];
    expect(endpoints.length).toBeGreaterThan(300);
    const unmarked: string[] = [];
    let marked = 0;
    for (const e of endpoints) {
      for (const where of ['params', 'query', 'body', 'answer'] as const) {
        const schema = e[where];
        if (!schema) continue;
        fieldsOf(schema, `${e.method} ${e.path} ${where}`, (path, name, field, siblings) => {
          const looksSecret = (SECRET_NAME.test(name) && !(name in NOT_SECRET)) || (name === 'code' && siblings.some((s) => ADDRESSES.includes(s)));
          if (isSecret(field)) marked++;
          else if (looksSecret) unmarked.push(path);
        });
      }
    }
    expect(unmarked).toEqual([]);
    expect(marked).toBeGreaterThan(10);
  });
});
