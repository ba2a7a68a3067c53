import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  mqttUrl: string | undefined;
  adminPassword: string | undefined;
  captcha: boolean;
  demo: boolean;
  logLevel: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type Env = Record<string, string | undefined>;

/** Reads the environment (DESIGN §2); every bad value is reported by name, all at once. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const text = (name: string) => {
    const v = env[name]?.trim();
    return v === '' ? undefined : v;
  };

  const portText = text('PORT') ?? '8080';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 0 || port > 65535) problems.push(`PORT must be a whole number from 0 to 65535 (got "${portText}")`);

  const host = text('HOST') ?? '127.0.0.1';

  const databaseUrl = text('DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) problems.push('DATABASE_URL must start with postgres:// or postgresql://');

  const mqttUrl = text('MQTT_URL');
  if (mqttUrl && !/^(mqtts?|wss?|tcp):\/\//.test(mqttUrl)) problems.push('MQTT_URL must start with mqtt://, mqtts://, ws:// or wss://');

  const adminPassword = env.LIGHTDESK_ADMIN_PASSWORD === '' ? undefined : env.LIGHTDESK_ADMIN_PASSWORD;
  if (adminPassword !== undefined && (adminPassword.length < 8 || adminPassword.length > 64)) {
    problems.push('LIGHTDESK_ADMIN_PASSWORD must be 8 to 64 characters long');
  }

  const onOff = (name: string, fallback: boolean, on: string[], off: string[]) => {
    const v = text(name)?.toLowerCase();
    if (v === undefined) return fallback;
    if (on.includes(v)) return true;
    if (off.includes(v)) return false;
    problems.push(`${name} must be one of ${[...on, ...off].join(', ')} (got "${v}")`);
    return fallback;
  };
  const captcha = onOff('LIGHTDESK_CAPTCHA', true, ['on'], ['off']);
  const demo = onOff('LIGHTDESK_DEMO', false, ['1', 'true', 'on'], ['0', 'false', 'off']);

  const logLevel = text('LOG_LEVEL') ?? 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel))
    problems.push(`LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent`);

  if (problems.length) throw new ConfigError(problems);
  return {
    port,
    host,
    dataDir: path.resolve(text('DATA_DIR') ?? './data'),
    databaseUrl,
    mqttUrl,
    adminPassword,
    captcha,
    demo,
    logLevel,
  };
}
