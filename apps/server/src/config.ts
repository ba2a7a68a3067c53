import { isIP } from 'node:net';
import path from 'node:path';
import { reportApi } from '@lightdesk/contract';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  mqttUrl: string | undefined;
  /** Where the built-in MQTT broker listens when no MQTT_URL is set. */
  mqttPort: number;
  /** Whether MQTT_PORT was set: only the default port (1883) gives way to a free one when taken. */
  mqttPortChosen: boolean;
  /** What the built-in MQTT broker, which may face the internet, lets connections hold. */
  mqttLimits: MqttLimits;
  /** Where e-mail goes (`smtp://user:pass@host:port`, `smtps://…`); unset, mail is kept in the mail outbox. */
  smtpUrl: string | undefined;
  adminPassword: string | undefined;
  captcha: boolean;
  demo: boolean;
  /** Days of device history the demo stores start with. */
  demoHistoryDays: number;
  logLevel: string;
  /** Per-route request limits (429 with Retry-After); off only for automated tests. */
  rateLimit: boolean;
  /** Event-loop delay in ms above which requests are refused with 503 and Retry-After; 0 turns the guard off. */
  overloadDelayMs: number;
  /**
   * Reverse proxies whose X-Forwarded-For is believed (addresses, CIDR ranges, or `loopback`,
   * `linklocal`, `uniquelocal`). Empty: the client address is the socket's, and any
   * X-Forwarded-For is ignored, since a client could write anything there.
   */
  trustedProxies: string[];
  /** Where people reach the console (scheme, host, port); OpenID providers send them back here. */
  publicUrl: string | undefined;
  /** OpenID Connect providers staff may sign in with, in the order the sign-in screen shows them. */
  oidcProviders: OidcProviderConfig[];
  /** Where uploaded files are kept (`STORAGE_URL`). */
  storage: StorageConfig;
  /** The SMS gateway (`LIGHTDESK_SMS_PROVIDER`); unset, no SMS are sent and SMS sign-in is not offered. */
  sms: SmsConfig | undefined;
}

export interface MqttLimits {
  /** Largest packet a signed-in device may send (a PUBLISH; every other packet is far smaller). */
  maxPacketBytes: number;
  /** Connections at once, signed in or not. */
  maxConnections: number;
  /** Connections still signing in from one address (IPv6: one /64); signed-in devices do not count. */
  maxSignInsPerAddress: number;
  /** How long a new connection has to send its CONNECT. */
  connectTimeoutMs: number;
  /** Bytes of devices' messages being stored at once; more wait, their connections unread. */
  maxInflightBytes: number;
}

/**
 * Local disk under `DATA_DIR/files`, or an S3 bucket. The bucket's credentials are never in the
 * URL: the AWS SDK finds them (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or a role).
 */
export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** An S3-compatible store's address (MinIO, Ceph…); unset for AWS itself. */
      endpoint: string | undefined;
      /** Bucket in the path (`host/bucket/key`) rather than the host name, as most self-hosted stores need. */
      forcePathStyle: boolean;
    };

/**
 * Where SMS go. `outbox` is the demo's: messages are only kept in the SMS log, codes masked, so
 * the demo shows SMS sign-in without sending anything. The others are real gateways; their base
 * addresses can be moved (a regional endpoint, or a gateway under test on this machine).
 */
export type SmsConfig =
  | { provider: 'outbox' }
  | {
      provider: 'twilio';
      accountSid: string;
      authToken: string;
      /** The sender: a number in E.164 form or an alphanumeric sender id; or else the messaging service. */
      from: string | undefined;
      messagingServiceSid: string | undefined;
      baseUrl: string;
    }
  | { provider: 'aliyun'; accessKeyId: string; accessKeySecret: string; signName: string; templateCode: string; region: string; endpoint: string }
  | { provider: 'webhook'; url: string; secret: string };

export interface OidcProviderConfig {
  /** Lower-case name used in URLs and in the environment variables' names. */
  id: string;
  /** What the sign-in button says. */
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type Env = Record<string, string | undefined>;

/** Reads the environment; every bad value is reported by name, all at once. */
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
  const mqttPortText = text('MQTT_PORT') ?? '1883';
  const mqttPort = Number(mqttPortText);
  if (!/^\d+$/.test(mqttPortText) || mqttPort > 65535) problems.push(`MQTT_PORT must be a whole number from 0 to 65535 (got "${mqttPortText}")`);
  const smtpUrl = text('SMTP_URL');
  if (smtpUrl && !/^smtps?:\/\/[^/]/.test(smtpUrl)) problems.push('SMTP_URL must start with smtp:// or smtps://');

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
  const demoHistoryText = text('LIGHTDESK_DEMO_HISTORY_DAYS') ?? '60';
  const demoHistoryDays = Number(demoHistoryText);
  if (!/^\d+$/.test(demoHistoryText) || demoHistoryDays > 365)
    problems.push(`LIGHTDESK_DEMO_HISTORY_DAYS must be a whole number of days from 0 to 365 (got "${demoHistoryText}")`);

  const rateLimit = onOff('LIGHTDESK_RATE_LIMIT', true, ['on'], ['off']);
  const overloadText = text('LIGHTDESK_OVERLOAD_DELAY_MS') ?? '1000';
  const overloadDelayMs = Number(overloadText);
  if (!/^\d+$/.test(overloadText) || overloadDelayMs > 60_000)
    problems.push(`LIGHTDESK_OVERLOAD_DELAY_MS must be a whole number of milliseconds from 0 to 60000 (got "${overloadText}")`);

  const publicUrl = text('LIGHTDESK_PUBLIC_URL')?.replace(/\/+$/, '');
  if (publicUrl !== undefined && !isOrigin(publicUrl))
    problems.push(`LIGHTDESK_PUBLIC_URL must be an http:// or https:// address without a path (got "${publicUrl}")`);

  const oidcProviders = readOidcProviders(text, problems);
  if (oidcProviders.length && publicUrl === undefined)
    problems.push('LIGHTDESK_PUBLIC_URL must be set when LIGHTDESK_OIDC_PROVIDERS is: providers send people back to it');

  const trustedProxies = (text('TRUSTED_PROXY') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of trustedProxies) {
    if (!isProxyAddress(entry))
      problems.push(`TRUSTED_PROXY must list addresses or CIDR ranges (e.g. 10.0.0.0/8, ::1) or loopback, linklocal, uniquelocal (got "${entry}")`);
  }

  const storage = readStorage(text, problems);
  const sms = readSms(text, problems, demo);
  const mqttLimits = readMqttLimits(text, problems);

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
    mqttPort,
    mqttPortChosen: text('MQTT_PORT') !== undefined,
    mqttLimits,
    smtpUrl,
    adminPassword,
    captcha,
    demo,
    demoHistoryDays,
    logLevel,
    rateLimit,
    overloadDelayMs,
    publicUrl,
    oidcProviders,
    trustedProxies,
    storage,
    sms,
  };
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return ['http:', 'https:'].includes(url.protocol) && url.pathname === '/' && !url.search && !url.hash && !url.username;
  } catch {
    return false;
  }
}

/**
 * `LIGHTDESK_OIDC_PROVIDERS=corp,google` names the providers; each has `LIGHTDESK_OIDC_<ID>_ISSUER`,
 * `_CLIENT_ID`, `_CLIENT_SECRET` and optionally `_NAME`. Issuers must use https: the ID tokens
 * and client secret travel over that connection (plain http is allowed on this machine only, for
 * a provider under test).
 */
function readOidcProviders(text: (name: string) => string | undefined, problems: string[]): OidcProviderConfig[] {
  const ids = (text('LIGHTDESK_OIDC_PROVIDERS') ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const providers: OidcProviderConfig[] = [];
  for (const [index, id] of ids.entries()) {
    if (!/^[a-z][a-z0-9_]{0,29}$/.test(id)) {
      problems.push(`LIGHTDESK_OIDC_PROVIDERS: "${id}" must be lower-case letters, digits and underscores, starting with a letter (at most 30)`);
      continue;
    }
    if (ids.indexOf(id) !== index) {
      problems.push(`LIGHTDESK_OIDC_PROVIDERS names "${id}" twice`);
      continue;
    }
    const prefix = `LIGHTDESK_OIDC_${id.toUpperCase()}_`;
    const required = (suffix: string) => {
      const value = text(prefix + suffix);
      if (value === undefined) problems.push(`${prefix}${suffix} must be set for the provider "${id}"`);
      return value ?? '';
    };
    // Kept exactly as given: the ID tokens' `iss` must equal it, trailing slash and all.
    const issuer = required('ISSUER');
    const clientId = required('CLIENT_ID');
    const clientSecret = required('CLIENT_SECRET');
    const name = text(prefix + 'NAME') ?? id;
    if (issuer && !isIssuer(issuer)) {
      problems.push(`${prefix}ISSUER must be an https:// address without query or fragment (http:// only for localhost) (got "${issuer}")`);
    }
    if (name.length > 40) problems.push(`${prefix}NAME must be at most 40 characters`);
    providers.push({ id, name, issuer, clientId, clientSecret });
  }
  return providers;
}

function isIssuer(value: string): boolean {
  const url = secureUrl(value);
  return !!url && !url.search && !url.hash;
}

/** An https:// address without credentials, or plain http:// to this machine only (a service under test). */
function secureUrl(value: string): URL | undefined {
  try {
    const url = new URL(value);
    const secure = url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
    return secure && !url.username && !url.password ? url : undefined;
  } catch {
    return undefined;
  }
}

const SMS_PROVIDERS = ['twilio', 'aliyun', 'webhook'];

/**
 * `LIGHTDESK_SMS_PROVIDER` picks the gateway, which reads its own `LIGHTDESK_SMS_<PROVIDER>_…`
 * variables (docs/operations.md, "Sending SMS"). Unset, the demo keeps its messages in the SMS
 * log and any other server sends none: it then offers no SMS sign-in at all, since nobody could
 * receive a code.
 */
function readSms(text: (name: string) => string | undefined, problems: string[], demo: boolean): SmsConfig | undefined {
  const provider = text('LIGHTDESK_SMS_PROVIDER')?.toLowerCase();
  if (provider === undefined) return demo ? { provider: 'outbox' } : undefined;
  if (!SMS_PROVIDERS.includes(provider)) {
    problems.push(`LIGHTDESK_SMS_PROVIDER must be one of ${SMS_PROVIDERS.join(', ')} (got "${provider}")`);
    return undefined;
  }
  const prefix = `LIGHTDESK_SMS_${provider.toUpperCase()}_`;
  const required = (suffix: string) => {
    const value = text(prefix + suffix);
    if (value === undefined) problems.push(`${prefix}${suffix} must be set for LIGHTDESK_SMS_PROVIDER=${provider}`);
    return value ?? '';
  };
  // Base addresses: the secrets and codes travel over them, so https (http only to this machine).
  const origin = (suffix: string, fallback: string) => {
    const value = text(prefix + suffix)?.replace(/\/+$/, '') ?? fallback;
    const url = secureUrl(value);
    if (!url || url.pathname !== '/' || url.search || url.hash)
      problems.push(`${prefix}${suffix} must be an https:// address without a path (http:// only for localhost) (got "${value}")`);
    return value;
  };
  const shaped = <T extends string | undefined>(suffix: string, value: T, pattern: RegExp, shape: string): T => {
    if (value && !pattern.test(value)) problems.push(`${prefix}${suffix} must be ${shape} (got "${value}")`);
    return value;
  };
  if (provider === 'twilio') {
    // The account SID goes into the API's path: only its documented shape is accepted.
    const accountSid = shaped('ACCOUNT_SID', required('ACCOUNT_SID'), /^AC[0-9a-fA-F]{32}$/, 'AC followed by 32 hexadecimal digits');
    const from = text(prefix + 'FROM');
    const messagingServiceSid = shaped(
      'MESSAGING_SERVICE_SID',
      text(prefix + 'MESSAGING_SERVICE_SID'),
      /^MG[0-9a-fA-F]{32}$/,
      'MG followed by 32 hexadecimal digits',
    );
    if (from === undefined && messagingServiceSid === undefined)
      problems.push(`${prefix}FROM or ${prefix}MESSAGING_SERVICE_SID must be set: Twilio needs a sender`);
    return {
      provider: 'twilio',
      accountSid,
      authToken: required('AUTH_TOKEN'),
      from,
      messagingServiceSid,
      baseUrl: origin('BASE_URL', 'https://api.twilio.com'),
    };
  }
  if (provider === 'aliyun') {
    return {
      provider: 'aliyun',
      accessKeyId: required('ACCESS_KEY_ID'),
      accessKeySecret: required('ACCESS_KEY_SECRET'),
      signName: required('SIGN_NAME'),
      templateCode: required('TEMPLATE_CODE'),
      region: text(prefix + 'REGION') ?? 'cn-hangzhou',
      endpoint: origin('ENDPOINT', 'https://dysmsapi.aliyuncs.com'),
    };
  }
  const url = required('URL');
  if (url && !secureUrl(url)) problems.push(`${prefix}URL must be an https:// address (http:// only for localhost) (got "${url}")`);
  const secret = required('SECRET');
  // The receiver trusts what carries this signature: a short secret could be guessed.
  if (secret && secret.length < 32) problems.push(`${prefix}SECRET must be at least 32 characters long`);
  return { provider: 'webhook', url, secret };
}

/** A report batch as large as the HTTP ingest takes, with room for its topic and headers. */
const MQTT_MAX_PACKET_BYTES = reportApi.report.bodyLimit! + 1024;

function readMqttLimits(text: (name: string) => string | undefined, problems: string[]): MqttLimits {
  const whole = (name: string, fallback: number, min: number, max: number, unit: string) => {
    const value = text(name) ?? String(fallback);
    const n = Number(value);
    if (/^\d+$/.test(value) && n >= min && n <= max) return n;
    problems.push(`${name} must be a whole number of ${unit} from ${min} to ${max} (got "${value}")`);
    return fallback;
  };
  // 268435460: the largest packet MQTT can frame (a remaining length of 268435455, and its header).
  const maxPacketBytes = whole('MQTT_MAX_PACKET_BYTES', MQTT_MAX_PACKET_BYTES, 16_384, 268_435_460, 'bytes');
  return {
    maxPacketBytes,
    maxConnections: whole('MQTT_MAX_CONNECTIONS', 10_000, 1, 1_000_000, 'connections'),
    maxSignInsPerAddress: whole('MQTT_MAX_SIGN_INS_PER_ADDRESS', 50, 1, 1_000_000, 'connections'),
    connectTimeoutMs: whole('MQTT_CONNECT_TIMEOUT_MS', 10_000, 100, 300_000, 'milliseconds'),
    // Room for 32 of the largest messages at once by default (a larger one is stored alone).
    maxInflightBytes: whole('MQTT_MAX_INFLIGHT_BYTES', 32 * maxPacketBytes, 16_384, 2 ** 40, 'bytes'),
  };
}

const S3_PARAMETERS = ['endpoint', 'region', 'forcePathStyle'];

/**
 * `STORAGE_URL`: unset or `file:` for local disk; `s3://<bucket>?region=<region>` for AWS S3, plus
 * `&endpoint=http://host:port&forcePathStyle=true` for an S3-compatible store. The region may
 * come from AWS_REGION instead.
 */
function readStorage(text: (name: string) => string | undefined, problems: string[]): StorageConfig {
  const value = text('STORAGE_URL');
  if (value === undefined || value === 'file:') return { kind: 'local' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    url = new URL('invalid:');
  }
  if (url.protocol !== 's3:') {
    problems.push(`STORAGE_URL must be file: or s3://<bucket>?region=<region> (got "${value}")`);
    return { kind: 'local' };
  }
  const problem = (message: string) => problems.push(`STORAGE_URL ${message}`);
  if (url.username || url.password) problem('must not hold credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY instead');
  const bucket = url.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    problem(`must name a bucket of 3 to 63 lower-case letters, digits, dots and hyphens (got "${bucket}")`);
  if (url.port || (url.pathname !== '' && url.pathname !== '/') || url.hash)
    problem("must be s3://<bucket> with no port, path or fragment: the store's address goes in ?endpoint=");
  for (const name of url.searchParams.keys())
    if (!S3_PARAMETERS.includes(name)) problem(`has an unknown parameter "${name}" (known: ${S3_PARAMETERS.join(', ')})`);
  const region = url.searchParams.get('region') || text('AWS_REGION');
  if (!region) problem('must name a region (?region=us-east-1), or AWS_REGION be set');
  const endpoint = url.searchParams.get('endpoint') || undefined;
  if (endpoint !== undefined && !isOrigin(endpoint)) problem(`endpoint must be an http:// or https:// address without a path (got "${endpoint}")`);
  const pathStyle = url.searchParams.get('forcePathStyle') ?? 'false';
  if (!['true', 'false'].includes(pathStyle)) problem(`forcePathStyle must be true or false (got "${pathStyle}")`);
  return { kind: 's3', bucket, region: region ?? '', endpoint: endpoint?.replace(/\/+$/, ''), forcePathStyle: pathStyle === 'true' };
}

/** An address, an address/prefix range, or one of the named ranges Fastify's proxy check knows. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}
