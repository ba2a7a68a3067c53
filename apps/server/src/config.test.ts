import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config';

test('defaults: port 8080 on 127.0.0.1, ./data, PGlite, captcha on, no demo', () => {
  const c = loadConfig({});
  expect(c).toMatchObject({ port: 8080, host: '127.0.0.1', captcha: true, demo: false, demoHistoryDays: 60, databaseUrl: undefined });
  expect(c.dataDir.endsWith('/data')).toBe(true);
});

test('every bad value is named, all at once', () => {
  try {
    loadConfig({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      LIGHTDESK_CAPTCHA: 'maybe',
      LIGHTDESK_ADMIN_PASSWORD: 'short',
      MQTT_PORT: '70000',
      LIGHTDESK_DEMO_HISTORY_DAYS: '-1',
    });
    expect.unreachable();
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    const text = (e as ConfigError).message;
    for (const name of ['PORT', 'DATABASE_URL', 'LIGHTDESK_CAPTCHA', 'LIGHTDESK_ADMIN_PASSWORD']) expect(text).toContain(name);
    expect(text).toContain('MQTT_PORT must be a whole number from 0 to 65535 (got "70000")');
    expect(text).toContain('LIGHTDESK_DEMO_HISTORY_DAYS must be a whole number of days from 0 to 365 (got "-1")');
  }
});

test('captcha can be switched off for automated tests only by an explicit value', () => {
  expect(loadConfig({ LIGHTDESK_CAPTCHA: 'off' }).captcha).toBe(false);
  expect(loadConfig({ LIGHTDESK_DEMO: '1' }).demo).toBe(true);
});

test('the MQTT port: 1883 may give way to a free port when taken, a port someone set may not', () => {
  expect(loadConfig({})).toMatchObject({ mqttPort: 1883, mqttPortChosen: false });
  expect(loadConfig({ MQTT_PORT: '1883' })).toMatchObject({ mqttPort: 1883, mqttPortChosen: true });
});

test("the built-in MQTT broker's limits: by default a PUBLISH may hold a report batch as large as HTTP takes; every bad value is named", () => {
  expect(loadConfig({}).mqttLimits).toEqual({
    maxPacketBytes: 1024 * 1024 + 1024,
    maxConnections: 10_000,
    maxSignInsPerAddress: 50,
    connectTimeoutMs: 10_000,
    maxInflightBytes: 32 * (1024 * 1024 + 1024),
  });
  expect(loadConfig({ MQTT_MAX_PACKET_BYTES: '65536' }).mqttLimits.maxInflightBytes).toBe(32 * 65536);
  try {
    loadConfig({ MQTT_MAX_PACKET_BYTES: '1000', MQTT_MAX_CONNECTIONS: '0', MQTT_CONNECT_TIMEOUT_MS: 'soon' });
    expect.unreachable();
  } catch (e) {
    expect((e as ConfigError).problems).toEqual([
      'MQTT_MAX_PACKET_BYTES must be a whole number of bytes from 16384 to 268435460 (got "1000")',
      'MQTT_MAX_CONNECTIONS must be a whole number of connections from 1 to 1000000 (got "0")',
      'MQTT_CONNECT_TIMEOUT_MS must be a whole number of milliseconds from 100 to 300000 (got "soon")',
    ]);
  }
});

describe('OpenID Connect providers', () => {
  const corp = {
    LIGHTDESK_PUBLIC_URL: 'https://console.example.com/',
    LIGHTDESK_OIDC_PROVIDERS: 'corp',
    LIGHTDESK_OIDC_CORP_ISSUER: 'https://id.example.com/',
    LIGHTDESK_OIDC_CORP_CLIENT_ID: 'console',
    LIGHTDESK_OIDC_CORP_CLIENT_SECRET: 's3cret',
  };
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (e) {
      return (e as ConfigError).problems;
    }
  };

  test('none by default', () => {
    expect(loadConfig({}).oidcProviders).toEqual([]);
  });

  test('each named provider is read from its own variables; the name defaults to the id; the issuer is kept as written', () => {
    const c = loadConfig({
      ...corp,
      LIGHTDESK_OIDC_PROVIDERS: 'corp, staff_sso',
      LIGHTDESK_OIDC_STAFF_SSO_ISSUER: 'https://sso.example.com',
      LIGHTDESK_OIDC_STAFF_SSO_CLIENT_ID: 'c',
      LIGHTDESK_OIDC_STAFF_SSO_CLIENT_SECRET: 's',
      LIGHTDESK_OIDC_CORP_NAME: 'Corp ID',
    });
    expect(c.publicUrl).toBe('https://console.example.com');
    expect(c.oidcProviders).toEqual([
      { id: 'corp', name: 'Corp ID', issuer: 'https://id.example.com/', clientId: 'console', clientSecret: 's3cret' },
      { id: 'staff_sso', name: 'staff_sso', issuer: 'https://sso.example.com', clientId: 'c', clientSecret: 's' },
    ]);
  });

  test('every missing or bad value gets its own message', () => {
    expect(problems({ LIGHTDESK_OIDC_PROVIDERS: 'corp,Bad-Id,corp', LIGHTDESK_OIDC_CORP_ISSUER: 'http://id.example.com' })).toEqual([
      expect.stringContaining('LIGHTDESK_OIDC_CORP_CLIENT_ID must be set'),
      expect.stringContaining('LIGHTDESK_OIDC_CORP_CLIENT_SECRET must be set'),
      expect.stringContaining('LIGHTDESK_OIDC_CORP_ISSUER must be an https:// address'),
      expect.stringContaining('"Bad-Id" must be lower-case'),
      expect.stringContaining('names "corp" twice'),
      expect.stringContaining('LIGHTDESK_PUBLIC_URL must be set'),
    ]);
    expect(problems({ ...corp, LIGHTDESK_PUBLIC_URL: 'https://console.example.com/app' })).toEqual([
      expect.stringContaining('LIGHTDESK_PUBLIC_URL must be an http'),
    ]);
  });

  test('plain http is accepted only for an issuer on this machine', () => {
    expect(loadConfig({ ...corp, LIGHTDESK_OIDC_CORP_ISSUER: 'http://127.0.0.1:9000' }).oidcProviders[0]!.issuer).toBe('http://127.0.0.1:9000');
    expect(problems({ ...corp, LIGHTDESK_OIDC_CORP_ISSUER: 'http://10.0.0.5:9000' })).toHaveLength(1);
  });
});

test('trusted proxies are a list of addresses, ranges or named ranges; none by default', () => {
  expect(loadConfig({}).trustedProxies).toEqual([]);
  expect(loadConfig({ TRUSTED_PROXY: ' 10.0.0.0/8, ::1 ,loopback,192.168.1.7' }).trustedProxies).toEqual(['10.0.0.0/8', '::1', 'loopback', '192.168.1.7']);
  for (const bad of ['10.0.0.0/33', 'proxy.example.com', '::1/129', '10.0.0.1/8/2', '*']) {
    expect(() => loadConfig({ TRUSTED_PROXY: `127.0.0.1,${bad}` }), bad).toThrow(/TRUSTED_PROXY/);
  }
});

describe('file storage', () => {
  const problems = (STORAGE_URL: string, extra: Record<string, string> = {}) => {
    try {
      loadConfig({ STORAGE_URL, ...extra });
      return [];
    } catch (e) {
      return (e as ConfigError).problems;
    }
  };

  test('local disk unless STORAGE_URL names an S3 bucket; the region may come from AWS_REGION', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
    expect(loadConfig({ STORAGE_URL: 'file:' }).storage).toEqual({ kind: 'local' });
    expect(loadConfig({ STORAGE_URL: 's3://lightdesk-files?region=eu-central-1' }).storage).toEqual({
      kind: 's3',
      bucket: 'lightdesk-files',
      region: 'eu-central-1',
      endpoint: undefined,
      forcePathStyle: false,
    });
    expect(loadConfig({ STORAGE_URL: 's3://files.example?endpoint=http://minio:9000/&forcePathStyle=true', AWS_REGION: 'us-east-1' }).storage).toEqual({
      kind: 's3',
      bucket: 'files.example',
      region: 'us-east-1',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
    });
  });

  test('every bad part of STORAGE_URL gets its own message; credentials never go in it', () => {
    expect(problems('/var/files')).toEqual([expect.stringContaining('STORAGE_URL must be file: or s3://<bucket>?region=<region> (got "/var/files")')]);
    expect(problems('ftp://files')).toHaveLength(1);
    expect(problems('s3://key:secret@My_Bucket/files?endpoint=minio:9000&forcePathStyle=yes&acl=public')).toEqual([
      expect.stringContaining('must not hold credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY'),
      expect.stringContaining('must name a bucket of 3 to 63 lower-case letters'),
      expect.stringContaining('must be s3://<bucket> with no port, path or fragment'),
      expect.stringContaining('unknown parameter "acl"'),
      expect.stringContaining('must name a region'),
      expect.stringContaining('endpoint must be an http:// or https:// address without a path (got "minio:9000")'),
      expect.stringContaining('forcePathStyle must be true or false (got "yes")'),
    ]);
  });
});

describe('SMS gateway', () => {
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (e) {
      return (e as ConfigError).problems;
    }
  };
  const SID = `AC${'0'.repeat(32)}`;

  test('none by default, so no SMS sign-in; the demo keeps its messages in the SMS log', () => {
    expect(loadConfig({}).sms).toBeUndefined();
    expect(loadConfig({ LIGHTDESK_DEMO: '1' }).sms).toEqual({ provider: 'outbox' });
  });

  test("each provider is read from its own variables, with the provider's public addresses by default", () => {
    expect(
      loadConfig({
        LIGHTDESK_SMS_PROVIDER: 'twilio',
        LIGHTDESK_SMS_TWILIO_ACCOUNT_SID: SID,
        LIGHTDESK_SMS_TWILIO_AUTH_TOKEN: 'token',
        LIGHTDESK_SMS_TWILIO_FROM: '+15005550006',
      }).sms,
    ).toEqual({
      provider: 'twilio',
      accountSid: SID,
      authToken: 'token',
      from: '+15005550006',
      messagingServiceSid: undefined,
      baseUrl: 'https://api.twilio.com',
    });
    const aliyun = {
      LIGHTDESK_SMS_PROVIDER: 'Aliyun',
      LIGHTDESK_SMS_ALIYUN_ACCESS_KEY_ID: 'key',
      LIGHTDESK_SMS_ALIYUN_ACCESS_KEY_SECRET: 'secret',
      LIGHTDESK_SMS_ALIYUN_SIGN_NAME: 'Lightdesk',
      LIGHTDESK_SMS_ALIYUN_TEMPLATE_CODE: 'SMS_1',
    };
    expect(loadConfig(aliyun).sms).toEqual({
      provider: 'aliyun',
      accessKeyId: 'key',
      accessKeySecret: 'secret',
      signName: 'Lightdesk',
      templateCode: 'SMS_1',
      region: 'cn-hangzhou',
      endpoint: 'https://dysmsapi.aliyuncs.com',
    });
    expect(loadConfig({ ...aliyun, LIGHTDESK_SMS_ALIYUN_ENDPOINT: 'https://dysmsapi.ap-southeast-1.aliyuncs.com/' }).sms).toMatchObject({
      endpoint: 'https://dysmsapi.ap-southeast-1.aliyuncs.com',
    });
    const secret = 'x'.repeat(32);
    expect(
      loadConfig({ LIGHTDESK_SMS_PROVIDER: 'webhook', LIGHTDESK_SMS_WEBHOOK_URL: 'https://sms.example.com/send', LIGHTDESK_SMS_WEBHOOK_SECRET: secret }).sms,
    ).toEqual({
      provider: 'webhook',
      url: 'https://sms.example.com/send',
      secret,
    });
  });

  test('every missing or bad value gets its own message; secrets and codes travel over https only (http to this machine)', () => {
    expect(problems({ LIGHTDESK_SMS_PROVIDER: 'carrier-pigeon' })).toEqual([
      'LIGHTDESK_SMS_PROVIDER must be one of twilio, aliyun, webhook (got "carrier-pigeon")',
    ]);
    expect(
      problems({ LIGHTDESK_SMS_PROVIDER: 'twilio', LIGHTDESK_SMS_TWILIO_ACCOUNT_SID: '../AC1', LIGHTDESK_SMS_TWILIO_BASE_URL: 'http://twilio.internal' }),
    ).toEqual([
      'LIGHTDESK_SMS_TWILIO_ACCOUNT_SID must be AC followed by 32 hexadecimal digits (got "../AC1")',
      'LIGHTDESK_SMS_TWILIO_FROM or LIGHTDESK_SMS_TWILIO_MESSAGING_SERVICE_SID must be set: Twilio needs a sender',
      'LIGHTDESK_SMS_TWILIO_AUTH_TOKEN must be set for LIGHTDESK_SMS_PROVIDER=twilio',
      'LIGHTDESK_SMS_TWILIO_BASE_URL must be an https:// address without a path (http:// only for localhost) (got "http://twilio.internal")',
    ]);
    expect(problems({ LIGHTDESK_SMS_PROVIDER: 'aliyun', LIGHTDESK_SMS_ALIYUN_ENDPOINT: 'https://dysmsapi.aliyuncs.com/v1' })).toEqual([
      'LIGHTDESK_SMS_ALIYUN_ACCESS_KEY_ID must be set for LIGHTDESK_SMS_PROVIDER=aliyun',
      'LIGHTDESK_SMS_ALIYUN_ACCESS_KEY_SECRET must be set for LIGHTDESK_SMS_PROVIDER=aliyun',
      'LIGHTDESK_SMS_ALIYUN_SIGN_NAME must be set for LIGHTDESK_SMS_PROVIDER=aliyun',
      'LIGHTDESK_SMS_ALIYUN_TEMPLATE_CODE must be set for LIGHTDESK_SMS_PROVIDER=aliyun',
      'LIGHTDESK_SMS_ALIYUN_ENDPOINT must be an https:// address without a path (http:// only for localhost) (got "https://dysmsapi.aliyuncs.com/v1")',
    ]);
    expect(
      problems({ LIGHTDESK_SMS_PROVIDER: 'webhook', LIGHTDESK_SMS_WEBHOOK_URL: 'http://sms.example.com/send', LIGHTDESK_SMS_WEBHOOK_SECRET: 'short' }),
    ).toEqual([
      'LIGHTDESK_SMS_WEBHOOK_URL must be an https:// address (http:// only for localhost) (got "http://sms.example.com/send")',
      'LIGHTDESK_SMS_WEBHOOK_SECRET must be at least 32 characters long',
    ]);
    expect(
      problems({ LIGHTDESK_SMS_PROVIDER: 'webhook', LIGHTDESK_SMS_WEBHOOK_URL: 'http://127.0.0.1:9000/send', LIGHTDESK_SMS_WEBHOOK_SECRET: 'x'.repeat(32) }),
    ).toEqual([]);
  });
});
