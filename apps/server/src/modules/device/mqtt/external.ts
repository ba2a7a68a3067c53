import os from 'node:os';
import mqtt from 'mqtt';
import type { AppContext } from '../../../lib/context';
import { findDevice } from '../directory';
import { downTopic, onCredentialsChanged, setDeviceLink, TOPIC_ROOT } from '../link';
import { BrokerAccounts, CONTROL_RESPONSE_TOPIC } from './accounts';
import { deviceSent, parseUpTopic } from './up';

/** Every Lightdesk server subscribes in this group: the broker hands each message to one of them. */
export const SHARED_UP = `$share/lightdesk/${TOPIC_ROOT}/+/+/up/#`;
/** A server that crashed finds the messages it had not acknowledged when it is back within this time. */
const SESSION_EXPIRY_SECONDS = 3600;
const RECONCILE_EVERY_MS = 10 * 60_000;

export interface ExternalOptions {
  /** The server's MQTT client id: stable across restarts, unique among the servers sharing the broker. */
  clientId?: string;
}

/**
 * Lightdesk's connection to an external broker (MQTT_URL), signed in with its own account there.
 * Reports are acknowledged only once committed: the PUBACK waits for the ingest, and when the
 * database fails the connection is dropped instead, so the broker sends the message again on
 * the persistent session. Device identity is the topic's: the broker lets each device publish
 * under its own topics only (see accounts.ts).
 */
export function connectBroker(ctx: AppContext, options: ExternalOptions = {}): () => Promise<void> {
  const url = new URL(ctx.config.mqttUrl!);
  const where = `${url.protocol}//${url.host}`;
  const client = mqtt.connect(url.toString(), {
    protocolVersion: 5,
    clientId: options.clientId ?? `lightdesk-${os.hostname()}-${ctx.config.port}`,
    clean: false,
    properties: { sessionExpiryInterval: SESSION_EXPIRY_SECONDS },
    reconnectPeriod: 2000,
    connectTimeout: 10_000,
  });
  const accounts = new BrokerAccounts(ctx, client);
  let stopping = false;
  /** A message failed while stopping: the session is kept so the broker sends it again on restart. */
  let leftUnacknowledged = false;
  let working: Promise<void> = Promise.resolve();

  client.handleMessage = (packet, acknowledge) => {
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    if (packet.topic === CONTROL_RESPONSE_TOPIC) {
      accounts.received(payload);
      return acknowledge();
    }
    const up = parseUpTopic(packet.topic);
    if (!up) return acknowledge();
    working = (async () => {
      const device = await findDevice(ctx.db, up.productKey, up.deviceName);
      if (!device?.enabled) ctx.log.warn({ topic: packet.topic }, 'MQTT message dropped: no such enabled device');
      else await deviceSent(ctx, device, up.kind, payload);
    })().then(
      () => acknowledge(),
      (err: unknown) => {
        ctx.log.error({ err, topic: packet.topic }, 'MQTT message not stored; the broker sends it again after reconnecting');
        // Unacknowledged on a dropped connection: the persistent session gets it again.
        if (stopping) leftUnacknowledged = true;
        else client.stream.destroy();
      },
    );
  };

  let wasDown = false;
  client.on('connect', () => {
    ctx.log.info({ broker: where }, 'connected to the MQTT broker');
    wasDown = false;
    void (async () => {
      try {
        await client.subscribeAsync(CONTROL_RESPONSE_TOPIC, { qos: 1 });
        await client.subscribeAsync(SHARED_UP, { qos: 1 });
      } catch (err) {
        ctx.log.error({ err, broker: where }, 'the MQTT broker refused Lightdesk’s subscriptions: check its account’s ACL (docs/devices.md)');
        return;
      }
      await accounts.reconcile();
    })();
  });
  client.on('error', (err) => ctx.log.warn({ err, broker: where }, 'MQTT connection error'));
  client.on('close', () => {
    if (!stopping && !wasDown) ctx.log.warn({ broker: where }, 'MQTT broker connection lost; reconnecting');
    wasDown = true;
  });

  const reconcileTimer = setInterval(() => void (client.connected && accounts.reconcile()), RECONCILE_EVERY_MS);
  reconcileTimer.unref();
  const stopListening = onCredentialsChanged(async (db, deviceId) => {
    try {
      await accounts.changed(db, deviceId);
    } catch (err) {
      ctx.log.warn({ err, deviceId }, 'MQTT broker account not updated; the next reconcile retries');
    }
  });
  setDeviceLink(ctx, {
    async publish(productKey, deviceName, kind, payload) {
      await client.publishAsync(downTopic(productKey, deviceName, kind), JSON.stringify(payload), { qos: 1 });
      return true;
    },
  });

  return async () => {
    stopping = true;
    clearInterval(reconcileTimer);
    stopListening();
    setDeviceLink(ctx, null);
    // Out of the group first, so the broker hands new messages to the other servers; then the
    // session ends with the connection, leaving nothing queued for a server that may not return.
    if (client.connected) await Promise.race([client.unsubscribeAsync(SHARED_UP).catch(() => undefined), new Promise((r) => setTimeout(r, 5000))]);
    await working.catch(() => undefined);
    await client.endAsync(!client.connected, leftUnacknowledged ? {} : { properties: { sessionExpiryInterval: 0 } });
  };
}
