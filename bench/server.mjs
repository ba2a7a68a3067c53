// The Lightdesk server as the benchmarks run it: in-process on a free port, captcha, rate limits
// and logging off, so what is measured is the work itself.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { LocalDiskStorage, TrackedStorage } from '../apps/server/src/lib/storage/index.ts';
import { seedDatabase } from '../apps/server/src/modules/system/index.ts';
import { signInAsAdmin } from '../scripts/built-server.mjs';

/** Builds the server on an open database and listens; `settings` adds environment (DATABASE_URL, MQTT_PORT…). */
export async function startBenchServer(database, settings) {
  const config = loadConfig({ LIGHTDESK_CAPTCHA: 'off', LIGHTDESK_RATE_LIMIT: 'off', LOG_LEVEL: 'silent', ...settings });
  const built = await buildApp({ config, database, logger: false });
  const base = await built.app.listen({ port: 0, host: '127.0.0.1' });
  return { built, base };
}

/** Signs in as `admin` over HTTP: the bearer token. */
export const adminToken = async (base, password) => (await signInAsAdmin(base, password)).accessToken;

/** Seeds a bench database as a first start does, without demo data; the seed's files go to a folder removed at exit. */
export async function seedBenchDatabase(db, adminPassword) {
  const files = mkdtempSync(path.join(tmpdir(), 'lightdesk-bench-files-'));
  process.once('exit', () => rmSync(files, { recursive: true, force: true }));
  return seedDatabase(db, { adminPassword, demo: false, storage: new TrackedStorage(new LocalDiskStorage(files), db, systemClock) });
}
