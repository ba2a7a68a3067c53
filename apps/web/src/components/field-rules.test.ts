import { PostCreate } from '@lightdesk/contract';
import type { RuleObject } from 'antd/es/form';
import { describe, expect, test } from 'vitest';
import { fieldRules } from './field-rules';
import { testI18n } from './test-utils';

const t = testI18n().t;

/** Runs a field's rules the way antd does and answers the first message, or null when the value passes. */
async function check(rules: ReturnType<typeof fieldRules>, value: unknown): Promise<string | null> {
  const [requiredRule, validatorRule] = rules as [RuleObject, RuleObject];
  const empty = value === undefined || value === '';
  if (requiredRule.required && empty) return requiredRule.message as string;
  try {
    await validatorRule.validator!(validatorRule, value, () => undefined);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

describe('form rules come from the contract field the server checks', () => {
  test('a required code with a pattern and a length', async () => {
    const rules = fieldRules(PostCreate.shape.code, 'Code', t);
    expect(await check(rules, '')).toBe('Please enter the Code');
    expect(await check(rules, 'has space')).toBe('The Code is not in a valid format');
    expect(await check(rules, 'x'.repeat(65))).toBe('At most 64 characters');
    expect(await check(rules, 'store-tech_1')).toBeNull();
  });

  test('an optional field with a default may stay empty, but not hold too much', async () => {
    const rules = fieldRules(PostCreate.shape.remark, 'Remark', t);
    expect((rules[0] as RuleObject).required).toBe(false);
    expect(await check(rules, '')).toBeNull();
    expect(await check(rules, 'x'.repeat(501))).toBe('At most 500 characters');
  });

  test('numbers keep their range', async () => {
    const rules = fieldRules(PostCreate.shape.sort, 'Order', t);
    expect(await check(rules, 10000)).toBe('Must be at most 9999');
    expect(await check(rules, 5)).toBeNull();
  });
});
