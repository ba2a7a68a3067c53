import { sql } from 'drizzle-orm';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { LIVE_MEMBER, type ClusterMember } from '../../../lib/cluster/membership';
import type { AppContext } from '../../../lib/context';
import type { Connection } from '../../../lib/routes';
import { rowsOf } from '../../../lib/sql';
import { findDevice } from '../directory';
import { downTopic, onCredentialsChanged, setDeviceLink, TOPIC_ROOT } from '../link';
import { BrokerAccounts, CONTROL_RESPONSE_TOPIC } from './accounts';
import { deviceSent, parseUpTopic } from './up';

/** Every Lightdesk session subscribes in this group: the broker hands each message to one of them. */
export const SHARED_UP = `$share/lightdesk/${TOPIC_ROOT}/+/+/up/#`;
/**
 * Last Wills are news only when they are fresh: every server takes them on a session that ends
 * with its connection, so none waits in the queue of a server that is gone, to arrive after the
 * gateway is back.
 */
export const LIVE_WILLS = `${TOPIC_ROOT}/+/+/up/will`;
/** How long the broker keeps a session whose server is gone, for another server to adopt and drain. */
const SESSION_EXPIRY_SECONDS = 86_400;
/** Sessions each server consumes through at once: the broker hands a session one message at a time. */
export const DEFAULT_SESSIONS = 6;
/** An adopted session is drained once nothing came for this long. */
const QUIET_MS = 1500;
const RECONNECT_MS = 2000;
/** On shutdown, the time a session gets to store what the broker already handed it. */
const LEAVE_WITHIN_MS = 8000;
const RECONCILE_EVERY_MS = 10 * 60_000;

export interface ExternalOptions {
  /** Sessions consuming the shared subscription at once. */
  sessions?: number;
}

/**
 * Lightdesk's connections to an external broker (MQTT_URL), signed in with its own account there.
 *
 * - One live connection (its session ends with it) keeps devices' accounts, publishes down and
 *   hears Last Wills as they happen.
 * - A few persistent sessions in the shared subscription take the devices' messages, each one
 *   at a time, acknowledging a message only once it is committed. They are recorded in
 *   `broker_sessions` under this server's membership.
 * - A session whose server is gone (its membership lapsed: it died or hangs) is adopted by a live
 *   server: it connects under that session's client id, which takes over the session and what the
 *   broker queued or had in flight for it, leaves the shared subscription, stores what comes, and
 *   ends the session once it is empty. Nothing the broker accepted waits for a server that may
 *   never return.
 */
export function connectBroker(ctx: AppContext, member: ClusterMember, options: ExternalOptions = {}): Connection {
  const url = new URL(ctx.config.mqttUrl!);
  const where = `${url.protocol}//${url.host}`;
  const base: IClientOptions = { protocolVersion: 5, connectTimeout: 10_000, keepalive: 15, resubscribe: false };
  let stopping = false;

  // The live connection.
  const live = mqtt.connect(url.toString(), { ...base, clientId: `lightdesk-${member.id}`, clean: true, reconnectPeriod: RECONNECT_MS });
  const accounts = new BrokerAccounts(ctx, live);
  live.handleMessage = (packet, acknowledge) => {
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    if (packet.topic === CONTROL_RESPONSE_TOPIC) {
      accounts.received(payload);
      return acknowledge();
    }
    const up = parseUpTopic(packet.topic);
    if (up?.kind !== 'will') return acknowledge();
    // Every server hears every will; the first marks the gateway offline, the others find it done.
    fromDevice(up.productKey, up.deviceName, up.kind, payload).then(
      () => acknowledge(),
      (err: unknown) => {
        ctx.log.warn({ err, topic: packet.topic }, 'Last Will not recorded; the offline timeout takes the gateway offline instead');
        acknowledge();
      },
    );
  };
  let liveDown = false;
  /** Whether the live connection hears Last Wills; until it does, the shared sessions take them. */
  let hearingWills = false;
  live.on('connect', () => {
    ctx.log.info({ broker: where, member: member.name }, 'connected to the MQTT broker');
    liveDown = false;
    void (async () => {
      try {
        await live.subscribeAsync(CONTROL_RESPONSE_TOPIC, { qos: 1 });
      } catch (err) {
        ctx.log.error({ err, broker: where }, 'the MQTT broker refused Lightdesk’s subscriptions: check its account’s ACL (docs/devices.md)');
        return;
      }
      // An account set up before wills were heard live: they still come through the shared subscription.
      hearingWills = await live.subscribeAsync(LIVE_WILLS, { qos: 1 }).then(
        (granted) => granted.every((g) => g.qos < 128),
        () => false,
      );
      if (!hearingWills)
        ctx.log.error({ broker: where }, `the MQTT broker refused the subscription to ${LIVE_WILLS}: add it to Lightdesk’s ACL (docs/devices.md)`);
      await accounts.reconcile();
    })();
  });
  live.on('error', (err) => ctx.log.warn({ err, broker: where }, 'MQTT connection error'));
  live.on('close', () => {
    if (!stopping && !liveDown) ctx.log.warn({ broker: where }, 'MQTT broker connection lost; reconnecting');
    liveDown = true;
  });

  const fromDevice = async (productKey: string, deviceName: string, kind: string, payload: Buffer) => {
    const device = await findDevice(ctx.db, productKey, deviceName);
    if (!device?.enabled) ctx.log.warn({ productKey, deviceName, kind }, 'MQTT message dropped: no such enabled device');
    else await deviceSent(ctx, device, kind, payload);
  };

  // The sessions in the shared subscription: this server's own, and those it adopted to drain.
  const sessions = new Map<string, SharedSession>();
  const own = (clientId: string) =>
    rowsOf<{ holder: string }>(ctx.db, sql`select holder from broker_sessions where client_id = ${clientId}`).then((rows) => rows[0]?.holder === member.id);

  /**
   * One session in the shared subscription, consumed one message at a time: a message is
   * acknowledged once committed, and a failure drops the connection, so the broker hands the
   * message again when the session is resumed.
   */
  class SharedSession {
    readonly client: MqttClient;
    private busy = 0;
    private lastMessageAt = Date.now();
    /** A message failed while stopping: the session is left at the broker, for a live server to adopt. */
    private leftUnacknowledged = false;
    private ended = false;

    constructor(
      readonly clientId: string,
      readonly draining: boolean,
    ) {
      this.client = mqtt.connect(url.toString(), {
        ...base,
        clientId,
        // A new session starts clean; an adopted one is taken over with what it holds.
        clean: !draining,
        properties: { sessionExpiryInterval: SESSION_EXPIRY_SECONDS },
        reconnectPeriod: 0,
      });
      this.client.handleMessage = (packet, acknowledge) => {
        this.lastMessageAt = Date.now();
        const up = parseUpTopic(packet.topic);
        // Wills come on the live connection: one here was heard there already, or waited in a session
        // whose server is gone and is old news. Without the live wills (an account set up before
        // them), every will counts, as before.
        if (!up || (up.kind === 'will' && hearingWills)) return acknowledge();
        const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
        this.busy++;
        fromDevice(up.productKey, up.deviceName, up.kind, payload)
          .then(
            () => acknowledge(),
            (err: unknown) => {
              ctx.log.error({ err, topic: packet.topic }, 'MQTT message not stored; the broker sends it again');
              if (stopping) this.leftUnacknowledged = true;
              else this.client.stream.destroy();
            },
          )
          .finally(() => {
            this.busy--;
            this.lastMessageAt = Date.now();
          });
      };
      this.client.on('connect', (connack) => void this.connected(connack.sessionPresent));
      this.client.on('error', (err) => ctx.log.warn({ err, session: clientId }, 'MQTT session error'));
      this.client.on('close', () => void this.closed());
    }

    private async connected(sessionPresent: boolean) {
      // Later connections resume the session.
      this.client.options.clean = false;
      if (stopping) return;
      try {
        if (!this.draining) {
          const [granted] = await this.client.subscribeAsync(SHARED_UP, { qos: 1 });
          if (granted && granted.qos >= 128) throw new Error(`refused: ${SHARED_UP}`);
          return;
        }
        if (sessionPresent) await this.client.unsubscribeAsync(SHARED_UP);
      } catch (err) {
        ctx.log.error({ err, broker: where }, 'the MQTT broker refused Lightdesk’s subscriptions: check its account’s ACL (docs/devices.md)');
        return;
      }
      this.lastMessageAt = Date.now();
      if (!(await this.emptied()) || stopping) return;
      await this.finish();
      ctx.log.info({ session: this.clientId }, 'adopted MQTT session drained and ended');
    }

    /** Waits until nothing is in hand and nothing came for a while: false when the connection or the time ran out first. */
    private async emptied(limitMs = Infinity): Promise<boolean> {
      const until = Date.now() + limitMs;
      for (;;) {
        if (!this.client.connected || this.ended) return false;
        if (this.busy === 0 && Date.now() - this.lastMessageAt >= QUIET_MS) return true;
        if (Date.now() > until) return false;
        await pause(100);
      }
    }

    /** Ends the session at the broker, which is empty, and forgets it. */
    private async finish() {
      this.ended = true;
      await this.client.endAsync(false, { properties: { sessionExpiryInterval: 0 } });
      sessions.delete(this.clientId);
      await ctx.db.execute(sql`delete from broker_sessions where client_id = ${this.clientId} and holder = ${member.id}`);
    }

    /** Lost the connection: resume the session if it is still this server's, else let it go. */
    private async closed() {
      for (;;) {
        await pause(RECONNECT_MS);
        if (stopping || this.ended) return;
        let mine: boolean;
        try {
          mine = await own(this.clientId);
        } catch {
          continue;
        }
        if (mine) return void this.client.reconnect();
        // Adopted by another server while this one did not answer: it is theirs now.
        ctx.log.warn({ session: this.clientId }, 'MQTT session taken over by another server');
        this.ended = true;
        this.client.end(true);
        sessions.delete(this.clientId);
        if (!this.draining) await openSession().catch((err: unknown) => ctx.log.error({ err }, 'no new MQTT session'));
        return;
      }
    }

    /**
     * Server shutdown: out of the group, then what the broker already handed over is stored and
     * the session ended. A session not emptied in time stays at the broker for another server.
     */
    async leave() {
      if (this.ended) return;
      if (this.client.connected && !this.draining) await Promise.race([this.client.unsubscribeAsync(SHARED_UP).catch(() => undefined), pause(5000)]);
      this.lastMessageAt = Date.now();
      if (!this.leftUnacknowledged && (await this.emptied(LEAVE_WITHIN_MS)) && !this.leftUnacknowledged) return this.finish();
      this.ended = true;
      await this.client.endAsync(true);
      sessions.delete(this.clientId);
    }
  }

  let serial = 0;
  const openSession = async () => {
    const clientId = `lightdesk-${member.id}-${++serial}`;
    // Recorded before it exists at the broker, so a crash right after still leaves it to be adopted.
    await ctx.db.execute(sql`insert into broker_sessions (client_id, holder) values (${clientId}, ${member.id})`);
    sessions.set(clientId, new SharedSession(clientId, false));
  };

  /** Takes over the sessions of servers that are gone, one row at a time, so two servers never adopt the same one. */
  const adopt = async () => {
    for (let i = 0; i < 16 && !stopping; i++) {
      const [row] = await rowsOf<{ client_id: string }>(
        ctx.db,
        sql`update broker_sessions s set holder = ${member.id}, draining = true
            from (select client_id from broker_sessions b
                  where b.holder <> ${member.id}
                    and not exists (select 1 from cluster_members m where m.id = b.holder and ${LIVE_MEMBER})
                  order by b.created_at limit 1 for update skip locked) gone
            where s.client_id = gone.client_id
            returning s.client_id`,
      );
      if (!row) return;
      ctx.log.warn({ session: row.client_id }, 'adopting the MQTT session of a server that is gone');
      sessions.set(row.client_id, new SharedSession(row.client_id, true));
    }
  };
  // Sessions this server adopted but stopped draining (restarted connections) are picked up again too.
  const resumeOwnDrains = async () => {
    const rows = await rowsOf<{ client_id: string }>(ctx.db, sql`select client_id from broker_sessions where holder = ${member.id} and draining`);
    for (const { client_id } of rows) if (!sessions.has(client_id)) sessions.set(client_id, new SharedSession(client_id, true));
  };
  member.onHeartbeat(async () => {
    if (stopping) return;
    await adopt();
    await resumeOwnDrains();
  });
  const opening = (async () => {
    for (let i = 0; i < (options.sessions ?? DEFAULT_SESSIONS); i++) await openSession();
    await adopt();
  })().catch((err: unknown) => ctx.log.error({ err }, 'MQTT sessions could not be recorded; retrying on the next heartbeat'));

  const reconcileTimer = setInterval(() => void (live.connected && accounts.reconcile()), RECONCILE_EVERY_MS);
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
      await live.publishAsync(downTopic(productKey, deviceName, kind), JSON.stringify(payload), { qos: 1 });
      return true;
    },
  });

  return {
    problem: () => (live.connected ? null : `the MQTT broker at ${where} (MQTT_URL) does not answer`),
    deviceUrl: where,
    async stop() {
      stopping = true;
      clearInterval(reconcileTimer);
      stopListening();
      setDeviceLink(ctx, null);
      await opening;
      // Out of the group first, so the broker hands new messages to the other servers; then each
      // session ends with its connection, leaving nothing queued for a server that may not return.
      await Promise.all([...sessions.values()].map((s) => s.leave()));
      await live.endAsync(!live.connected);
    },
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
