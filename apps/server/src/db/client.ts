import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
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
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Source layout: src/db/migrations; the bundle copies them to dist/migrations beside main.js. */
export const defaultMigrationsFolder = (() => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return [path.join(here, 'migrations'), path.join(here, 'db/migrations')].find((p) => fs.existsSync(p)) ?? path.join(here, 'migrations');
})();

export type DatabaseTarget = { url: string } | { dataDir: string } | { pglite: PGlite };

export async function openDatabase(target: DatabaseTarget, migrationsFolder = defaultMigrationsFolder): Promise<DatabaseHandle> {
  if ('url' in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle client losing its connection must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
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
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
  };
}
