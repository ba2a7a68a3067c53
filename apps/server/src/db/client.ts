import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

/**
 * One handle type for both drivers (a union of the two drizzle types breaks `.returning()`).
 * Each area declares its own tables; queries name them, so the handle carries no schema.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs `work` (migrating and first-start seeding) holding the database's start-up lock, so
   * servers starting together on one database take turns: the first does the work, the others
   * wait and then find it done. `waiting` is called when another server holds the lock.
   */
  whileStarting<T>(work: () => Promise<T>, waiting?: () => void): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Source layout: src/db/migrations; the bundle copies them to dist/migrations beside main.js. */
export const defaultMigrationsFolder = (() => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return [path.join(here, 'migrations'), path.join(here, 'db/migrations')].find((p) => fs.existsSync(p)) ?? path.join(here, 'migrations');
})();

/** How many distinct statements each pool names; statements beyond it are sent unnamed, as before. */
export const NAMED_STATEMENT_LIMIT = 256;
const NAMEABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * A client that names each distinct data statement it sends. PostgreSQL parses a named statement
 * once per connection, and plans it once where one plan serves every value, instead of doing both
 * for every request (the store list's page and count, for one, answer about 0.2 ms sooner). Only
 * SELECT, INSERT, UPDATE, DELETE and WITH are named, never schema changes, and only the first
 * `limit` distinct texts, so statements whose text varies (an IN list of any length) cannot grow
 * each connection's statement cache without bound. Statements the code names itself keep their name.
 */
export function statementNamingClient(limit: number): typeof pg.Client {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name && names.size < limit && NAMEABLE.test(text)) names.set(text, (name = `lightdesk_${names.size}`));
    return name;
  };
  // Looked up on each call, so whatever wraps the driver's own query (a tracer) still sees every statement.
  const send = (client: pg.Client, ...args: unknown[]) => (pg.Client.prototype.query as (...a: unknown[]) => unknown).apply(client, args);
  class StatementNamingClient extends pg.Client {}
  StatementNamingClient.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
    if (config && typeof config === 'object' && 'text' in config && typeof config.text === 'string' && !('name' in config && config.name)) {
      const name = nameOf(config.text);
      if (name) return send(this, { ...config, name }, ...rest);
    }
    return send(this, config, ...rest);
  } as typeof pg.Client.prototype.query;
  return StatementNamingClient;
}

const START_LOCK = sql`hashtext('lightdesk.start')`;

/**
 * A session-level advisory lock, not a transaction's: migrations commit in transactions of their
 * own, and seeding in several. It is released when the work ends, or by PostgreSQL when the
 * session's connection drops, so a server dying half-way does not keep the others waiting.
 */
async function holdingStartLock<T>(session: Database, work: () => Promise<T>, waiting?: () => void): Promise<T> {
  // Both drivers answer `rows`; the shared handle type does not say so.
  const answer: unknown = await session.execute(sql`select pg_try_advisory_lock(${START_LOCK}) as locked`);
  const { rows } = answer as { rows: [{ locked: boolean }] };
  if (!rows[0].locked) {
    waiting?.();
    await session.execute(sql`select pg_advisory_lock(${START_LOCK})`);
  }
  try {
    return await work();
  } finally {
    await session.execute(sql`select pg_advisory_unlock(${START_LOCK})`);
  }
}

export type DatabaseTarget = { url: string } | { dataDir: string } | { pglite: PGlite };

export async function openDatabase(target: DatabaseTarget, migrationsFolder = defaultMigrationsFolder): Promise<DatabaseHandle> {
  if ('url' in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: 10, Client: statementNamingClient(NAMED_STATEMENT_LIMIT) });
    // An idle client losing its connection must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
      // A connection of its own holds the lock while the work uses the pool. It is closed after,
      // not handed back: closing it ends the lock whatever became of the unlock.
      whileStarting: async (work, waiting) => {
        const session = await pool.connect();
        try {
          return await holdingStartLock(drizzlePg(session) as unknown as Database, work, waiting);
        } finally {
          session.release(true);
        }
      },
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if ('pglite' in target) client = target.pglite;
  else {
    // PGlite creates only the last folder of the path.
    fs.mkdirSync(path.dirname(target.dataDir), { recursive: true });
    client = await PGlite.create(target.dataDir);
  }
  const db = drizzlePglite(client) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    // One process on one connection: nobody else can hold the lock, but the path is the same.
    whileStarting: (work, waiting) => holdingStartLock(db, work, waiting),
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  };
}
