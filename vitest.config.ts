import { defineConfig } from 'vitest/config';

/**
 * One run, every project. The server's API tests run on PGlite always and, when
 * TEST_DATABASE_URL is set, a second time on PostgreSQL (DESIGN §2).
 */
const serverProject = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    root: 'apps/server',
    include: ['src/**/*.test.ts'],
    environment: 'node' as const,
    env,
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'], environment: 'node' } },
      serverProject('server:pglite', { TEST_DB: 'pglite' }),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server:postgres', { TEST_DB: 'postgres' })] : []),
      'apps/web/vite.config.ts',
    ],
  },
});
