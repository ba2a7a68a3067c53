import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const server = process.env.LIGHTDESK_DEV_SERVER ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  base: './',
  server: { proxy: { '/api': server, '/open': server } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      treeshake: {
        // The contract's index re-exports zod schemas the web never runs (it uses types,
        // codes and permission helpers); without this the sign-in screen would carry zod.
        moduleSideEffects: (id) => (/packages\/contract\/src\//.test(id) ? false : undefined),
      },
    },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // Two cores shared with the API tests: component tests that render antd tables need headroom.
    testTimeout: 20_000,
  },
});
