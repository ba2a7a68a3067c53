import type pg from 'pg';
import { afterEach, describe, expect, test } from 'vitest';
import { statementNamingClient } from './client';

// Statement naming is the PostgreSQL driver's; PGlite has no connection to name statements on.
describe.runIf(process.env.TEST_DB === 'postgres')('named statements on PostgreSQL', () => {
  let client: pg.Client | undefined;
  afterEach(() => client?.end());

  const prepared = async () =>
    (await client!.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements order by name')).rows;

  test('each distinct data statement is prepared once on the connection, up to the limit, and answers as before', async () => {
    const NamingClient = statementNamingClient(2);
    client = new NamingClient({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    const sum = { text: 'select $1::int + 1 as n', values: [1] };
    expect((await client.query(sum)).rows).toEqual([{ n: 2 }]);
    expect((await client.query({ ...sum, values: [41] })).rows).toEqual([{ n: 42 }]);
    expect(await prepared()).toEqual([{ name: 'lightdesk_0', statement: 'select $1::int + 1 as n' }]);

    // Schema changes are never named; past the limit, statements go unnamed.
    await client.query({ text: 'create temp table scratch (n int)' });
    await client.query({ text: 'insert into scratch values ($1)', values: [7] });
    expect((await client.query({ text: 'select n * 2 as n from scratch' })).rows).toEqual([{ n: 14 }]);
    expect((await prepared()).map((p) => p.statement)).toEqual(['select $1::int + 1 as n', 'insert into scratch values ($1)']);
  });

  test('a statement that fails is not taken as prepared: it works once the cause is gone', async () => {
    const NamingClient = statementNamingClient(10);
    client = new NamingClient({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    const count = { text: 'select count(*)::int as n from later' };
    await expect(client.query(count)).rejects.toThrow(/later/);
    await client.query('create temp table later (n int)');
    expect((await client.query(count)).rows).toEqual([{ n: 0 }]);
  });
});
