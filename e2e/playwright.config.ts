import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

/**
 * Browser tests against the real built console and real server.
 * Debian's Chromium, never a downloaded browser; one worker for a 2-core machine.
 * global-setup.ts starts the server on a fresh database; fixtures.ts points tests at it.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  globalSetup: './global-setup.ts',
  workers: 1,
  // No retries: a test that passes only on a second try is a fault, in the test or in the console.
  retries: 0,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // Tests are whole journeys; on a busy 2-core machine a long one can outlast half a minute.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]] : 'list',
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    // Recording a trace of every test took a fifth of the browser tests' time, and on CI only the
    // log is read: a failure there is reproduced locally, where its trace is kept.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    // The console then skips antd's animations (it honours the system setting): a click never
    // lands on a dialog or menu still zooming in.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium' }],
});
