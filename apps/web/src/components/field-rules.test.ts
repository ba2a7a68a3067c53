import { PlatformSetting, PostCreate, StaffCreate, TenantCreate } from '@lightdesk/contract';
import type { RuleObject } from 'antd/es/form';
import { describe, expect, test } from 'vitest';
import { fieldRules } from './field-rules';
import { testI18n } from './test-utils';

const i18n = testI18n();

/** Runs a field's rule the way antd does and answers its message, or null when the value passes. */
async function check(rules: ReturnType<typeof fieldRules>, value: unknown): Promise<string | null> {
  const [rule] = rules as [RuleObject];
  try {
    await rule.validator!(rule, value, () => undefined);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}
const required = (rules: ReturnType<typeof fieldRules>) => (rules[0] as RuleObject).required;

describe('form rules come from the contract field the server checks', () => {
  test('a required code with a pattern worded by the contract, and a length', async () => {
    const rules = fieldRules(PostCreate.shape.code, 'Code', i18n);
    expect(required(rules)).toBe(true);
    expect(await check(rules, '')).toBe('Please enter the Code');
    expect(await check(rules, '   ')).toBe('Please enter the Code');
    expect(await check(rules, 'has space')).toBe('Only letters, digits, underscores, dots and hyphens are allowed');
    expect(await check(rules, 'x'.repeat(65))).toBe('At most 64 characters');
    expect(await check(rules, 'store-tech_1')).toBeNull();
  });

  test('an optional field with a default may stay empty, but not hold too much', async () => {
    const rules = fieldRules(PostCreate.shape.remark, 'Remark', i18n);
    expect(required(rules)).toBe(false);
    expect(await check(rules, '')).toBeNull();
    expect(await check(rules, 'x'.repeat(501))).toBe('At most 500 characters');
  });

  test('numbers keep their range; a picked field asks to be selected', async () => {
    const sort = fieldRules(PostCreate.shape.sort, 'Order', i18n);
    expect(await check(sort, 10000)).toBe('Must be at most 9999');
    expect(await check(sort, 5)).toBeNull();
    expect(await check(sort, null)).toBeNull();
    const brand = fieldRules(PlatformSetting.shape.defaultBrand, 'Brand', i18n, { choice: true });
    expect(await check(brand, undefined)).toBe('Please select the Brand');
  });

  test('text or nothing: empty is no value missing, a wrong one is told by the text’s own check', async () => {
    const email = fieldRules(PlatformSetting.shape.supportEmail, 'Email', i18n);
    expect(required(email)).toBe(false);
    expect(await check(email, '')).toBeNull();
    expect(await check(email, 'not-an-address')).toBe('Please enter a valid email address');
    const mobile = fieldRules(TenantCreate.shape.contactMobile, 'Mobile', i18n);
    expect(await check(mobile, 'call me')).toBe('Please enter a valid mobile number (6–15 digits, optional +)');
  });

  test('a check without wording of its own falls back to the generic text', async () => {
    const password = fieldRules(StaffCreate.shape.password, 'Password', i18n);
    expect(await check(password, 'short')).toBe('The password must be 8 to 64 characters long');
    const username = fieldRules(StaffCreate.shape.username, 'Username', i18n);
    expect(await check(username, 'abc')).toBe('At least 4 characters');
  });
});
