import type { Report } from '@lightdesk/contract';
import mqtt, { type MqttClient } from 'mqtt';
import { mqttClientId, mqttPassword, mqttUsername } from '../credentials';
import { downTopic, upTopic } from '../link';

export interface MqttGatewayOptions {
  /** Called with each message down (its kind, e.g. `command`, and its JSON payload). */
  onMessage?: (kind: string, payload: unknown) => void;
  /** Sets the Last Will on `up/will` (on by default, as real gateways do). */
  will?: boolean;
  /** Milliseconds between reconnects; 0 gives up on the first failure. */
  reconnectPeriod?: number;
}

/**
 * A gateway's side of the MQTT connection, signed in with the credential scheme of
 * credentials.ts. Tests, the simulator and the benchmarks speak to the server through it, as a
 * real gateway would: a report resolves once the broker acknowledged it (the server committed it).
 */
export class MqttGateway {
  private constructor(
    readonly client: MqttClient,
    readonly productKey: string,
    readonly deviceName: string,
  ) {}

  /** Connects and subscribes to its messages down; rejects when the broker refuses the sign-in. */
  static async connect(url: string, productKey: string, deviceName: string, secret: string, options: MqttGatewayOptions = {}): Promise<MqttGateway> {
    const client = await mqtt.connectAsync(url, {
      protocolVersion: 4,
      clientId: mqttClientId(productKey, deviceName),
      username: mqttUsername(productKey, deviceName),
      password: mqttPassword(secret, productKey, deviceName),
      reconnectPeriod: options.reconnectPeriod ?? 0,
      connectTimeout: 10_000,
      ...(options.will !== false && { will: { topic: upTopic(productKey, deviceName, 'will'), payload: Buffer.from('{}'), qos: 1, retain: false } }),
    });
    const gateway = new MqttGateway(client, productKey, deviceName);
    const down = downTopic(productKey, deviceName, '');
    client.on('message', (topic, payload) => {
      if (!topic.startsWith(down)) return;
      let body: unknown;
      try {
        body = JSON.parse(payload.toString('utf8'));
      } catch {
        body = payload.toString('utf8');
      }
      options.onMessage?.(topic.slice(down.length), body);
    });
    await client.subscribeAsync(`${down}#`, { qos: 1 });
    return gateway;
  }

  /** Publishes a batch of reports; resolves on the broker's acknowledgement. */
  async report(reports: Report[]): Promise<void> {
    await this.send('report', { reports });
  }

  /** Publishes another message up, e.g. `ack` for a command. */
  async ack(kind: string, payload: unknown): Promise<void> {
    await this.send(kind, payload);
  }

  async send(kind: string, payload: unknown): Promise<void> {
    await this.client.publishAsync(upTopic(this.productKey, this.deviceName, kind), typeof payload === 'string' ? payload : JSON.stringify(payload), {
      qos: 1,
    });
  }

  /** Disconnects cleanly: no Last Will. */
  close(): Promise<void> {
    return this.client.endAsync();
  }

  /** Drops the connection as a gateway losing power would: the broker publishes its Last Will. */
  drop(): void {
    this.client.options.reconnectPeriod = 0;
    this.client.stream.destroy();
    this.client.end(true);
  }
}
