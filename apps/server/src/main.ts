import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { systemClock } from './lib/clock';
import { readableLogStream } from './lib/readable-log';
import { configuredStorage } from './lib/storage';
import { seedDatabase } from './modules/system';
import { removeRunningConsole, writeRunningConsole } from './running-console';

const started = performance.now();
const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }

  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'pglite') });
  // Servers starting together take turns: the first migrates and seeds, the others then find it done.
  // The app is built after migrating and seeding: its overload guard watches the event loop from
  // then on, and PGlite's migrations hold the loop for seconds.
  const { seeded, app, jobs, connections } = await database.whileStarting(
    async () => {
      await database.migrate();
      const result = await seedDatabase(database.db, {
        adminPassword: config.adminPassword,
        demo: config.demo,
        storage: configuredStorage(config, database.db, systemClock),
      });
      // A person at a terminal reads lines; anything else (a collector, a file) gets JSON.
      const logger = { level: config.logLevel, ...(process.stdout.isTTY && { stream: readableLogStream(process.stdout) }) };
      const built = await buildApp({ config, database, logger, webRoot: path.resolve(here, '../../web/dist') });
      if (config.demo) await built.seedDemo();
      return { seeded: result, ...built };
    },
    () => console.log('  Another server is starting on this database: waiting for it to migrate and seed.'),
  );
  await jobs.start();
  await connections.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new requests, finishing those in flight');
    removeRunningConsole(config.dataDir, process.pid);
    try {
      // Requests, job runs and device messages finish (or are told to stop) before the database goes away.
      await Promise.all([app.close(), jobs.stop(), connections.stop()]);
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  const url = address.replace('://127.0.0.1', '://localhost');
  const [mqttUrl] = connections.deviceUrls();
  // `npm run simulate` finds this console, and its broker, through this file.
  writeRunningConsole(config.dataDir, { pid: process.pid, url: address, mqttUrl: mqttUrl ?? null });
  const lines = [
    '',
    `  Lightdesk is running at ${url}  (database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
    mqttUrl
      ? `  Devices connect over MQTT at ${mqttUrl}${config.mqttUrl ? ' (MQTT_URL)' : ''}, or over HTTP`
      : `  No MQTT broker: port ${config.mqttPort} is taken, so devices report over HTTP only (set MQTT_PORT to a free port)`,
    `  Started in ${Math.round(performance.now() - started)} ms`,
  ];
  if (seeded.adminPassword) {
    lines.push(`  Sign in as admin / ${seeded.generated ? seeded.adminPassword : '(the LIGHTDESK_ADMIN_PASSWORD you set)'}`);
    if (seeded.generated) lines.push('  This generated password is shown only once: keep it now, and change it after signing in.');
    if (seeded.demoUsers.length) lines.push(`  Demo staff with narrower roles, same password: ${seeded.demoUsers.join(', ')}`);
  } else {
    lines.push('  Sign in with the admin password shown on first start (or LIGHTDESK_ADMIN_PASSWORD).');
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err) => {
  console.error('Lightdesk could not start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
