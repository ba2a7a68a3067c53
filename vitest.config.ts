import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { onBothDatabases, onPgliteOnly } from './apps/server/src/test/databases';

/**
 * One project per part: the contract, the web's components, and the server's API tests on each
 * database. A server test file runs once — on PostgreSQL when TEST_DATABASE_URL names one, else on
 * PGlite — and the files of apps/server/src/test/databases.ts (where the drivers differ) run on
 * both. TEST_ALL_DATABASES=1 (`npm run test:all-databases`) runs every server file on both.
 */
const everyServerFile = 'src/**/*.test.ts';
const pgliteOnly = Object.keys(onPgliteOnly);
const postgres = !!process.env.TEST_DATABASE_URL;
const allOnBoth = process.env.TEST_ALL_DATABASES === '1';

const serverProject = (name: string, env: Record<string, string>, include: string[], exclude: string[] = []) => ({
  test: {
    name,
    root: 'apps/server',
    include,
    exclude,
    environment: 'node' as const,
    env,
    globalSetup: ['src/test/global-setup.ts'],
    // The server's modules are loaded once per worker, not once per file: loading them took longer
    // than most files' tests. Each file starts servers of its own on its own database, and what a
    // server keeps in memory is keyed by its context or database handle, so servers sharing a
    // process never see each other's.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest leaves a core free by default, which on a 2-core machine means one test file at a
    // time; most of a server test's time is spent waiting on its database, so two files at once
    // take the run from about 26 to 17 minutes there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'], environment: 'node' } },
      serverProject('server:pglite', { TEST_DB: 'pglite' }, postgres && !allOnBoth ? [...Object.keys(onBothDatabases), ...pgliteOnly] : [everyServerFile]),
      ...(postgres ? [serverProject('server:postgres', { TEST_DB: 'postgres' }, [everyServerFile], pgliteOnly)] : []),
      'apps/web/vite.config.ts',
    ],
  },
});
