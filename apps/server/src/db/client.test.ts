import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterEach, describe, expect, test } from 'vitest';
import { countOf } from '../lib/sql';
import { openDatabase, statementNamingClient, type DatabaseHandle } from './client';

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

describe('the start-up lock', () => {
  const postgres = process.env.TEST_DB === 'postgres';
  const opened: DatabaseHandle[] = [];
  afterEach(() => Promise.all(opened.splice(0).map((d) => d.close())));
  const open = async () => {
    const database = await openDatabase(postgres ? { url: process.env.TEST_DATABASE_URL! } : { pglite: await PGlite.create() });
    opened.push(database);
    return database;
  };
  const advisoryLocks = async (database: DatabaseHandle) => {
    const [row] = await database.db
      .select({ n: countOf })
      .from(sql`pg_locks`)
      .where(sql`locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`);
    return row!.n;
  };

  test('the work runs holding it and answers what the work answers; it is free again after, whether the work succeeded or failed', async () => {
    const database = await open();
    let waited = false;
    const answer = await database.whileStarting(
      async () => ({ held: await advisoryLocks(database) }),
      () => (waited = true),
    );
    expect({ answer, waited }).toEqual({ answer: { held: 1 }, waited: false });
    expect(await advisoryLocks(database)).toBe(0);
    await expect(database.whileStarting(() => Promise.reject(new Error('migration failed')))).rejects.toThrow('migration failed');
    expect(await advisoryLocks(database)).toBe(0);
  });

  // Two handles are two servers; PGlite is one process's own.
  test.runIf(postgres)('servers starting together take turns: the second waits until the first has finished', async () => {
    const [first, second] = [await open(), await open()];
    const steps: string[] = [];
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const firstStart = first.whileStarting(async () => {
      steps.push('first migrates');
      holding();
      await finished;
      steps.push('first done');
    });
    await held;
    const secondStart = second.whileStarting(
      () => Promise.resolve(void steps.push('second finds it done')),
      () => steps.push('second waits'),
    );
    await expect.poll(() => steps).toContain('second waits');
    finish();
    await Promise.all([firstStart, secondStart]);
    expect(steps).toEqual(['first migrates', 'second waits', 'first done', 'second finds it done']);
  });
});
