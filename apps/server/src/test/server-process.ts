import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const running = new Set<ChildProcess>();

/** Ends the servers a test left running (one that failed half-way never stopped its own). */
export function killServers() {
  for (const child of running) child.kill('SIGKILL');
}

/** The real entry point, run from source in one process (tsx as a loader: no relaying parent), as `npm start` runs it. */
export function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../main.ts', import.meta.url))], {
    // Any free port for the built-in MQTT broker: 1883 may be another broker's.
    env: { ...process.env, LOG_LEVEL: 'warn', MQTT_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.on('exit', () => running.delete(child));
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** The address the server prints once it listens; fails with what it printed if it exits first. */
export async function waitForUrl(read: () => string, child: ChildProcess): Promise<string> {
  // Starting from source (tsx) and migrating takes a while on a busy machine.
  for (let i = 0; i < 900; i++) {
    const m = read().match(/running at (http:\/\/\S+)/);
    if (m) return m[1]!;
    if (child.exitCode !== null) throw new Error(read());
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no start-up line in: ${read()}`);
}
