import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { testApp } from '../test/test-app';
import { fromDatabaseError } from './errors';

const t = await testApp();
afterAll(() => t.close());

/** What the database says to one statement, mapped as app.ts maps it. */
const refusal = (statement: ReturnType<typeof sql>) =>
  t.ctx.db.execute(statement).then(
    () => 'accepted',
    (err: unknown) => fromDatabaseError(err),
  );

// The contract's primitives refuse these values by name before any SQL runs; should one slip
// past a schema, the database's refusal still answers 400, not 500.
describe('values the database cannot hold answer 400', () => {
  test.for([
    ['an integer past 32 bits', sql`select ${String(2 ** 31)}::int`],
    ['a NUL character', sql`select ${'a\u0000b'}::text`],
    ['year 0000', sql`select ${'0000-01-01T00:00:00Z'}::timestamptz`],
    ['year 300000', sql`select ${'+300000-01-01T00:00:00Z'}::timestamptz`],
  ] as const)('%s', async ([, statement]) => {
    expect(await refusal(statement)).toMatchObject({ code: 400, key: 'common.bad-input', params: { field: 'value' } });
  });

  test('a unique index still answers 409 naming the field', async () => {
    const taken = await refusal(sql`insert into tenants (code, name, type) values ('saas', 'Twin', 'agent')`);
    expect(taken).toMatchObject({ code: 409, key: 'common.duplicate', params: { field: 'code' } });
  });
});
