import fs from 'node:fs';
import path from 'node:path';

/**
 * Where a running console answers, kept in its DATA_DIR while it runs, so that `npm run simulate`
 * on the same machine talks to it — also when its MQTT broker had to take another port than 1883.
 */
export interface RunningConsole {
  pid: number;
  /** The console's own address (HTTP). */
  url: string;
  /** Where devices reach it over MQTT; null when it has no broker (its port was taken). */
  mqttUrl: string | null;
}

export const runningConsoleFile = (dataDir: string) => path.join(dataDir, 'console.json');

export function writeRunningConsole(dataDir: string, running: RunningConsole): void {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(runningConsoleFile(dataDir), JSON.stringify(running, null, 2), { mode: 0o600 });
}

/** Forgets the running console on shutdown, unless another process has written the file since. */
export function removeRunningConsole(dataDir: string, pid: number): void {
  if (readFile(dataDir)?.pid === pid) fs.rmSync(runningConsoleFile(dataDir), { force: true });
}

function readFile(dataDir: string): RunningConsole | null {
  try {
    return JSON.parse(fs.readFileSync(runningConsoleFile(dataDir), 'utf8')) as RunningConsole;
  } catch {
    return null;
  }
}

/** Whether a process is running; one of another user's still is (EPERM). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export type Transport = 'mqtt' | 'http';

/**
 * The addresses the simulator uses: those given on its command line, else the running console's.
 * Answers a sentence saying what to do when it cannot tell, rather than guessing a default port
 * where another broker may answer.
 */
export function simulatorAddresses(
  options: { transport: Transport; url?: string; mqtt?: string; dataDir: string },
  alive: (pid: number) => boolean = processAlive,
): { url: string; mqtt?: string } | { problem: string } {
  const given = options.url !== undefined && (options.transport === 'http' || options.mqtt !== undefined);
  if (given) return { url: options.url!, ...(options.mqtt !== undefined && { mqtt: options.mqtt }) };
  const found = readFile(options.dataDir);
  const running = found && alive(found.pid) ? found : null;
  if (!running)
    return {
      problem: `No Lightdesk console is running with DATA_DIR ${options.dataDir}: start one with npm start in another terminal, or give its addresses with --url and --mqtt.`,
    };
  const mqtt = options.mqtt ?? running.mqttUrl ?? undefined;
  if (options.transport === 'mqtt' && mqtt === undefined)
    return {
      problem:
        'The running console has no MQTT broker: its MQTT_PORT was taken (see its log). Simulate over HTTP with --transport http, or restart the console with MQTT_PORT set to a free port.',
    };
  return { url: options.url ?? running.url, ...(mqtt !== undefined && { mqtt }) };
}
