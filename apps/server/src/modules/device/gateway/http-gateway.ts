import { randomBytes } from 'node:crypto';
import { DEVICE_HEADERS, type CommandAck, type CommandDown, type IngestAnswer, type PendingCommands, type Report } from '@lightdesk/contract';
import { requestSignature } from '../credentials';

/**
 * A gateway's side of the HTTP connection: every request signed with its device secret. Tests,
 * the simulator and the benchmarks speak to the server through it, as a real gateway would.
 */
export class HttpGateway {
  constructor(
    readonly base: string,
    readonly productKey: string,
    readonly deviceName: string,
    private readonly secret: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** The headers that sign one request: its method, path (with its query) and body text. */
  signedHeaders(method: string, path: string, text: string): Record<string, string> {
    const timestamp = String(this.now());
    const nonce = randomBytes(12).toString('base64url');
    return {
      [DEVICE_HEADERS.device]: `${this.productKey}/${this.deviceName}`,
      [DEVICE_HEADERS.timestamp]: timestamp,
      [DEVICE_HEADERS.nonce]: nonce,
      [DEVICE_HEADERS.signature]: requestSignature(this.secret, timestamp, nonce, method, path, text),
    };
  }

  /** Sends a signed request; `tamper` lets a test alter what is sent after signing. */
  async request(method: string, path: string, body?: unknown, tamper?: (headers: Record<string, string>, text: string) => string): Promise<Response> {
    let text = body === undefined ? '' : JSON.stringify(body);
    const headers = this.signedHeaders(method, path, text);
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (tamper) text = tamper(headers, text);
    return fetch(new URL(path, this.base), { method, headers, body: method === 'GET' ? undefined : text });
  }

  async report(reports: Report[]): Promise<IngestAnswer> {
    const res = await this.request('POST', '/open/iot/report', { reports });
    if (res.status !== 200) throw new Error(`report refused: ${res.status} ${await res.text()}`);
    return (await res.json()) as IngestAnswer;
  }

  /** The store's commands waiting for this gateway (it polls when no MQTT connection carries them). */
  async pendingCommands(): Promise<CommandDown[]> {
    const res = await this.request('GET', '/open/iot/commands');
    if (res.status !== 200) throw new Error(`poll refused: ${res.status} ${await res.text()}`);
    return ((await res.json()) as PendingCommands).commands;
  }

  /** Answers a command; true when the server recorded it. */
  async ack(ack: CommandAck): Promise<boolean> {
    const res = await this.request('POST', '/open/iot/commands/ack', ack);
    if (res.status !== 200) throw new Error(`ack refused: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { recorded: boolean }).recorded;
  }
}
