import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './precompress';

const server = process.env.LIGHTDESK_DEV_SERVER ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), precompress()],
  base: './',
  server: { proxy: { '/api': server, '/open': server } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // Every browser the console supports preloads modules natively.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: {
        // The contract's index re-exports zod schemas the web never runs (it uses types,
        // codes and permission helpers); without this the sign-in screen would carry zod.
        moduleSideEffects: (id) => (/packages\/contract\/src\//.test(id) ? false : undefined),
        manualPureFunctions: ['z'],
      },
      output: {
        // Automatic splitting alone cut a list screen into ~70 small files (one per set of screens
        // sharing a module), and on a phone each round trip costs more than the bytes saved.
        // These groups give the console a few files that are each loaded together anyway; what
        // they leave out (other screens, dialogs, rarely used controls) still splits automatically.
        // A group also takes what its modules import statically (not what they load on demand),
        // unless a group of higher priority has it.
        codeSplitting: {
          groups: [
            // Everything the first screen needs, in one file beside the entry.
            { name: 'boot', tags: ['$initial'], priority: 40 },
            // The screen registry on its own: the shell fetches the first screen through it while
            // the session loads, before the layout's chunks have arrived. Below the boot group, so
            // what the entry shares with it (the loader of chunks) stays in the entry.
            { name: 'screen-registry', test: /src[\\/]app[\\/]screen-registry\.ts$/, priority: 35 },
            // antd's core (theme, CSS-in-JS, overlays): every console screen uses it.
            {
              name: 'antd',
              test: /node_modules[\\/](antd[\\/]es[\\/](config-provider|theme|_util|style|locale)[\\/]|@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color)[\\/]|@rc-component[\\/](util|motion|trigger|portal|resize-observer)[\\/]|stylis|clsx)/,
              priority: 30,
            },
            // The signed-in frame: layout, menus, the app's services for it.
            { name: 'console', test: /src[\\/](layout[\\/]main-layout|app[\\/]layout-services)\.tsx$/, priority: 20 },
            // The list scaffold every list screen renders: table, search form, pagination.
            { name: 'list', test: /src[\\/]components[\\/]list-page\.tsx$/, priority: 10 },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // Two cores shared with the API tests: component tests that render antd tables need headroom.
    testTimeout: 20_000,
  },
});
