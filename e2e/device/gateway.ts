import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** A store's gateway or a directly connected device's credentials, as the console shows them once. */
export interface DeviceCredentials {
  productKey: string;
  deviceName: string;
  deviceSecret: string;
}

/**
 * A gateway speaking HTTP to the server the browser tests run against: every request signed with
 * its device secret, as docs/devices.md describes (the server's own `HttpGateway` is not reachable
 * from the browser tests' build).
 */
export class TestGateway {
  constructor(
    private readonly base: string,
    readonly credentials: DeviceCredentials,
  ) {}

  private async request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const timestamp = String(Date.now());
    const nonce = randomBytes(12).toString('base64url');
    const signature = createHmac('sha256', this.credentials.deviceSecret).update(`${timestamp}\n${nonce}\n${method} ${path}\n`).update(text).digest('hex');
    const headers: Record<string, string> = {
      'x-lightdesk-device': `${this.credentials.productKey}/${this.credentials.deviceName}`,
      'x-lightdesk-timestamp': timestamp,
      'x-lightdesk-nonce': nonce,
      'x-lightdesk-signature': signature,
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(new URL(path, this.base), { method, headers, body: method === 'GET' ? undefined : text });
    if (res.status !== 200) throw new Error(`${method} ${path} refused: ${res.status} ${await res.text()}`);
    return res.json();
  }

  /** Sends reports (each with its device, kind and fields; id and time are filled in as now). */
  report(reports: Record<string, unknown>[]) {
    const at = new Date().toISOString();
    const run = `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
    return this.request('POST', '/open/iot/report', { reports: reports.map((r, i) => ({ id: `e2e-${run}-${i}`, at, ...r })) });
  }

  /** Heartbeats now for itself and every given device behind it. */
  heartbeat(devices: string[] = []) {
    return this.report([this.credentials.deviceName, ...devices].map((device) => ({ device, kind: 'heartbeat' })));
  }

  async pendingCommands(): Promise<{ commandId: number; jobId: number }[]> {
    return ((await this.request('GET', '/open/iot/commands')) as { commands: { commandId: number; jobId: number }[] }).commands;
  }

  ack(jobId: number) {
    return this.request('POST', '/open/iot/commands/ack', { jobId, status: 'ok' });
  }
}

/** A demo store's gateway and the devices behind it, as the demo seed wrote them into the server's data folder for the simulator. */
export interface DemoStore {
  meshId: string;
  gateway: string;
  productKey: string;
  deviceSecret: string;
  luminaires: string[];
  counters: string[];
  zones: string[];
  heatmaps: string[];
}

/** The demo stores of the server the browser tests run against. */
export function demoStores(): DemoStore[] {
  const { dataDir } = JSON.parse(readFileSync(process.env.E2E_RUN_FILE!, 'utf8')) as { dataDir: string };
  return (JSON.parse(readFileSync(path.join(dataDir, 'demo-gateways.json'), 'utf8')) as { gateways: DemoStore[] }).gateways;
}

/** A demo store's gateway, signed in to the server at `base`. */
export const demoGateway = (base: string, store: DemoStore) =>
  new TestGateway(base, { productKey: store.productKey, deviceName: store.gateway, deviceSecret: store.deviceSecret });
