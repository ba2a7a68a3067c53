import { describe, expect, test } from 'vitest';
import { hasAllPermi, hasAllRoles, hasAnyPermi, hasAnyRole, hasPermi, hasRole } from './permissions';

describe('permission checks', () => {
  test('the wildcard *:*:* grants any permission', () => {
    expect(hasPermi(['*:*:*'], 'system:user:create')).toBe(true);
    expect(hasAllPermi(['*:*:*'], ['a:b:c', 'd:e:f'])).toBe(true);
  });
  test('otherwise a permission must match exactly', () => {
    expect(hasPermi(['system:user:query'], 'system:user:query')).toBe(true);
    expect(hasPermi(['system:user:query'], 'system:user:create')).toBe(false);
    expect(hasPermi(['system:user:*'], 'system:user:create')).toBe(false);
    expect(hasPermi([], 'system:user:query')).toBe(false);
  });
  test('has-any needs one, has-all needs every one', () => {
    const granted = ['store:mesh:query', 'device:luminaire:query'];
    expect(hasAnyPermi(granted, ['store:mesh:query', 'firmware:release:verify'])).toBe(true);
    expect(hasAllPermi(granted, ['store:mesh:query', 'firmware:release:verify'])).toBe(false);
    expect(hasAllPermi(granted, ['store:mesh:query', 'device:luminaire:query'])).toBe(true);
    expect(hasAnyPermi(granted, [])).toBe(false);
  });
  test('role admin passes every role check; others match exactly', () => {
    expect(hasRole(['admin'], 'operator')).toBe(true);
    expect(hasRole(['operator'], 'operator')).toBe(true);
    expect(hasRole(['operator'], 'agent')).toBe(false);
    expect(hasAnyRole(['operator'], ['agent', 'operator'])).toBe(true);
    expect(hasAllRoles(['operator'], ['agent', 'operator'])).toBe(false);
    expect(hasAllRoles(['admin'], ['agent', 'operator'])).toBe(true);
  });
});
