import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * A real Mosquitto with the dynamic-security plugin, made for one test file: its own config in
 * a temp dir, on a free port, with an admin account and the account Lightdesk signs in with,
 * set up with the same `mosquitto_ctrl` commands docs/devices.md gives operators.
 */
const run = promisify(execFile);
const SEARCH = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/local/sbin'];
const which = (name: string) => SEARCH.map((dir) => path.join(dir, name)).find((file) => fs.existsSync(file));
const PLUGINS = [
  '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/aarch64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/mosquitto_dynamic_security.so',
];

export const mosquittoBinary = which('mosquitto');
const ctrlBinary = which('mosquitto_ctrl');
const plugin = PLUGINS.find((file) => fs.existsSync(file));
/** Whether this machine can run the broker tests. */
export const hasMosquitto = Boolean(mosquittoBinary && ctrlBinary && plugin);

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

export interface TestBroker {
  port: number;
  /** MQTT_URL for a Lightdesk server signing in with its own account. */
  url: string;
  ctrl(...args: string[]): Promise<string>;
  /** What the broker logged: shown when a test fails. */
  log(): string;
  stop(): Promise<void>;
}

const LIGHTDESK_PASSWORD = 'lightdesk-test-pw';
const ADMIN_PASSWORD = 'admin-test-pw';

export async function startMosquitto(): Promise<TestBroker> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lightdesk-mosquitto-'));
  const port = await freePort();
  await run(ctrlBinary!, ['dynsec', 'init', path.join(dir, 'dynamic-security.json'), 'admin', ADMIN_PASSWORD]);
  const lines = [
    'per_listener_settings false',
    'allow_anonymous false',
    `listener ${port} 127.0.0.1`,
    `plugin ${plugin}`,
    `plugin_opt_config_file ${path.join(dir, 'dynamic-security.json')}`,
    'persistence false',
    // What a server that is gone leaves queued waits for another to adopt it: not dropped at 1,000.
    'max_queued_messages 1000000',
    `log_dest file ${path.join(dir, 'mosquitto.log')}`,
    'log_type all',
  ];
  // Run as root, Mosquitto would switch to its own user, which cannot write the temp dir.
  if (process.getuid?.() === 0) lines.push('user root');
  fs.writeFileSync(path.join(dir, 'mosquitto.conf'), lines.join('\n') + '\n');
  const child: ChildProcess = spawn(mosquittoBinary!, ['-c', path.join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; !(await answers(port)); i++) {
    if (child.exitCode !== null || i > 300) throw new Error(`mosquitto did not start: ${fs.readFileSync(path.join(dir, 'mosquitto.log'), 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const ctrl = async (...args: string[]) =>
    (await run(ctrlBinary!, ['-h', '127.0.0.1', '-p', String(port), '-u', 'admin', '-P', ADMIN_PASSWORD, 'dynsec', ...args])).stdout;
  // Lightdesk's own account, as docs/devices.md sets it up.
  await ctrl('createRole', 'lightdesk');
  await ctrl('addRoleACL', 'lightdesk', 'subscribeLiteral', '$share/lightdesk/lightdesk/+/+/up/#', 'allow');
  await ctrl('addRoleACL', 'lightdesk', 'subscribeLiteral', 'lightdesk/+/+/up/will', 'allow');
  await ctrl('addRoleACL', 'lightdesk', 'publishClientSend', 'lightdesk/+/+/down/#', 'allow');
  await ctrl('addRoleACL', 'lightdesk', 'publishClientSend', '$CONTROL/dynamic-security/v1', 'allow');
  await ctrl('addRoleACL', 'lightdesk', 'subscribeLiteral', '$CONTROL/dynamic-security/v1/response', 'allow');
  await ctrl('addRoleACL', 'lightdesk', 'publishClientReceive', '$CONTROL/dynamic-security/v1/response', 'allow');
  await ctrl('createClient', 'lightdesk', '-p', LIGHTDESK_PASSWORD);
  await ctrl('addClientRole', 'lightdesk', 'lightdesk');
  return {
    port,
    url: `mqtt://lightdesk:${LIGHTDESK_PASSWORD}@127.0.0.1:${port}`,
    ctrl,
    log: () => fs.readFileSync(path.join(dir, 'mosquitto.log'), 'utf8'),
    async stop() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Retries until `check` resolves (a broker's work is asynchronous): its answer, or its last failure after the timeout. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
