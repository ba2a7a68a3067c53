import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import type { Database } from '../db/client';
import { systemClock } from '../lib/clock';
import { LocalDiskStorage, TrackedStorage } from '../lib/storage';
import { seedDatabase } from '../modules/system';
import { TEST_PASSWORD } from './constants';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/**
 * The seed's files (the video manual's videos) go to a folder thrown away after the run: test
 * servers each keep files of their own, and no test reads the seeded videos.
 */
function seedStorage(db: Database) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lightdesk-seed-files-'));
  return { storage: new TrackedStorage(new LocalDiskStorage(dir), db, systemClock), remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Migrates and seeds one template database per run; every test file clones it
 * (PGlite: loadDataDir of a dump, ~0.6 s instead of ~4 s initdb; PostgreSQL: CREATE DATABASE … TEMPLATE).
 */
export default async function setup(project: TestProject) {
  if (project.name === 'server:postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `ld_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openDatabase({ url: target.toString() });
    await database.migrate();
    const files = seedStorage(database.db);
    await seedDatabase(database.db, { adminPassword: TEST_PASSWORD, demo: true, storage: files.storage });
    files.remove();
    await database.close();
    project.provide('postgresTemplate', name);
    return async () => {
      // Test files drop their own clones; the template goes last.
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  const client = await PGlite.create();
  const database = await openDatabase({ pglite: client });
  await database.migrate();
  const files = seedStorage(database.db);
  await seedDatabase(database.db, { adminPassword: TEST_PASSWORD, demo: true, storage: files.storage });
  files.remove();
  const dump = await client.dumpDataDir('gzip');
  await client.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lightdesk-test-'));
  const file = path.join(dir, 'template.tar.gz');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
