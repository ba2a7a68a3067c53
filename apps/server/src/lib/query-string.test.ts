import { describe, expect, test } from 'vitest';
import { parseQueryString } from './query-string';

const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('query strings', () => {
  test('nested objects travel as key[sub], arrays as indexes, [] or repeated keys', () => {
    expect(plain(parseQueryString('period%5Bkind%5D=month&period[date]=2026-11-01&name=a+b%21'))).toEqual({
      period: { kind: 'month', date: '2026-11-01' },
      name: 'a b!',
    });
    expect(plain(parseQueryString('storeIds[1]=2&storeIds[0]=1'))).toEqual({ storeIds: ['1', '2'] });
    expect(plain(parseQueryString('storeIds[]=1&storeIds[]=2'))).toEqual({ storeIds: ['1', '2'] });
    expect(plain(parseQueryString('storeIds=1&storeIds=2&storeIds=3'))).toEqual({ storeIds: ['1', '2', '3'] });
    expect(plain(parseQueryString('a[b][c]=1&a[b][d][]=x'))).toEqual({ a: { b: { c: '1', d: ['x'] } } });
  });

  test('names that reach a prototype are dropped and nothing is polluted', () => {
    const parsed = parseQueryString('__proto__[admin]=1&a[__proto__][admin]=1&constructor[prototype][admin]=1&a[b]=2');
    expect(plain(parsed)).toEqual({ a: { b: '2' } });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(Object.getPrototypeOf(parsed)).toBeNull();
  });

  test('contradictions keep the first shape; too deep, broken and excess pairs are ignored', () => {
    expect(plain(parseQueryString('a=1&a[b]=2'))).toEqual({ a: '1' });
    expect(plain(parseQueryString('a[b]=2&a=1'))).toEqual({ a: { b: '2' } });
    expect(plain(parseQueryString('a[b][c][d][e][f][g]=1&x=1'))).toEqual({ x: '1' });
    expect(plain(parseQueryString('period[kind=month&%E0%A4%A=1'))).toEqual({ 'period[kind': 'month', '%E0%A4%A': '1' });
    const many = Array.from({ length: 1500 }, (_, i) => `k${i}=1`).join('&');
    expect(Object.keys(parseQueryString(many))).toHaveLength(1000);
  });
});
