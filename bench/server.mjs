// The Lightdesk server as the benchmarks run it: in-process on a free port, captcha, rate limits
// and logging off, so what is measured is the work itself.
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
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
