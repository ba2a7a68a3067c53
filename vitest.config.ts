import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One run, every project. (The process and config tests concern no database: PGlite leg only.) The server's API tests run on PGlite always and, when
 * TEST_DATABASE_URL is set, a second time on PostgreSQL.
 */
const serverProject = (name: string, env: Record<string, string>, exclude: string[] = []) => ({
  test: {
    name,
    root: 'apps/server',
    include: ['src/**/*.test.ts'],
    exclude,
    environment: 'node' as const,
    env,
    globalSetup: ['src/test/global-setup.ts'],
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
      serverProject('server:pglite', { TEST_DB: 'pglite' }),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server:postgres', { TEST_DB: 'postgres' }, ['src/main.test.ts', 'src/config.test.ts'])] : []),
      'apps/web/vite.config.ts',
    ],
  },
});
