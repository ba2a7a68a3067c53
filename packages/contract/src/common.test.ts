import { describe, expect, test } from 'vitest';
import { CalendarDate, DateTime, Id, Int32, INT32_MAX, PageQuery, Text } from './common';

describe('input primitives refuse what the database cannot hold', () => {
  test('integers stay within 32 bits and their bounds; text such as a query value is read as a number', () => {
    expect(Id.safeParse(INT32_MAX).success).toBe(true);
    expect(Id.parse('42')).toBe(42);
    for (const bad of [INT32_MAX + 1, 2 ** 53 + 1, '1e400', 1.5, 0, 'abc']) expect(Id.safeParse(bad).success, String(bad)).toBe(false);
    expect(Int32(0, 9999).safeParse(10_000).error?.issues[0]?.message).toMatch(/9999/);
    expect(Int32().safeParse(-(2 ** 31)).success).toBe(true);
    expect(Int32().safeParse(-(2 ** 31) - 1).success).toBe(false);
    expect(PageQuery.safeParse({ page: String(2 ** 31) }).success).toBe(false);
  });

  test('text refuses NUL and control characters; line breaks only where the field holds lines', () => {
    expect(Text(10).parse('  name  ')).toBe('name');
    for (const bad of ['a\u0000b', 'a\u0007b', 'a\nb', 'x'.repeat(11)]) expect(Text(10).safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    expect(Text(10, { lines: true }).parse('a\r\nb\tc')).toBe('a\r\nb\tc');
    expect(Text(10, { lines: true }).safeParse('a\u0000b').success).toBe(false);
    expect(Text(10, { trim: false }).parse(' secret ')).toBe(' secret ');
  });

  test('dates are ISO timestamps with an offset, between the years 1 and 9999 in UTC', () => {
    for (const good of ['0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '2024-05-01T10:00:00+02:00']) expect(DateTime.safeParse(good).success, good).toBe(true);
    for (const bad of [
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:00:00+01:00',
      '9999-12-31T23:00:00-05:00',
      '+300000-01-01T00:00:00Z',
      '2024-13-01T00:00:00Z',
      '2024-01-01',
    ]) {
      expect(DateTime.safeParse(bad).success, bad).toBe(false);
    }
  });

  test('calendar dates are YYYY-MM-DD between the years 1 and 9999', () => {
    for (const good of ['0001-01-01', '9999-12-31', '2024-02-29']) expect(CalendarDate.safeParse(good).success, good).toBe(true);
    for (const bad of ['0000-01-01', '10000-01-01', '2024-13-01', '2023-02-29', '2024-01-01T00:00:00Z'])
      expect(CalendarDate.safeParse(bad).success, bad).toBe(false);
  });
});
