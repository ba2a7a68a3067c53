// Bundles the server (and the contract it imports) into dist/main.js, and the store simulator
// into dist/simulate.js; packages stay external.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts', 'src/simulate.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  // The contract is a workspace package of TypeScript sources: bundle it in.
  plugins: [
    {
      name: 'bundle-contract',
      setup: (b) =>
        b.onResolve({ filter: /^@lightdesk\/contract$/ }, () => ({ path: new URL('../../packages/contract/src/index.ts', import.meta.url).pathname })),
    },
  ],
  logLevel: 'warning',
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
cpSync('src/modules/content/seed', 'dist/content-seed', { recursive: true });
// The web's words, which the server writes into files too (src/lib/locales.ts).
cpSync('../web/src/locales', 'dist/locales', { recursive: true, filter: (source) => !source.endsWith('.ts') });
