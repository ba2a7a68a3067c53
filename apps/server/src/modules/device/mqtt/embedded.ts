import net from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { AppContext } from '../../../lib/context';
import { mqttClientId } from '../credentials';
import { checkMqttSignIn, type KnownDevice } from '../directory';
import { downTopic, onCredentialsChanged, setDeviceLink, TOPIC_ROOT } from '../link';
import { InflightBytes } from './inflight';
import { withPacketLimits } from './packet-size';
import { SignIns } from './sign-ins';
import { deviceSent } from './up';

const BAD_USERNAME_OR_PASSWORD = 4;
const IDENTIFIER_REJECTED = 2;
const refused = (returnCode: number, message: string): AuthenticateError => Object.assign(new Error(message), { returnCode });

/** A warning at most once a minute: a flood of refused connections must not flood the log too. */
function warnEveryMinute(warn: () => void): () => void {
  let last = -Infinity;
  return () => {
    if (performance.now() - last < 60_000) return;
    last = performance.now();
    warn();
  };
}

/**
 * The broker Lightdesk runs itself when no MQTT_URL is set (one server, no broker to install):
 * devices sign in with their derived credentials, may publish only under their own `up/` and
 * subscribe only under their own `down/`, and what they publish is ingested before the broker
 * acknowledges it — when the database fails, the connection is dropped unacknowledged and the
 * device sends it again. A Last Will (on `up/will`) takes the gateway offline at once; a clean
 * disconnect leaves that to the offline timeout. It may face the internet, so what a connection
 * can make it hold is bounded (`MQTT_*` limits, docs/devices.md#the-built-in-broker). Answers how
 * to stop it, and where devices on this machine reach it (none when it could not listen).
 */
export async function startBroker(ctx: AppContext): Promise<{ stop: () => Promise<void>; url?: string }> {
  const limits = ctx.config.mqttLimits;
  const devices = new WeakMap<Client, KnownDevice>();
  const own = (device: KnownDevice) => `${TOPIC_ROOT}/${device.productKey}/${device.deviceName}`;

  const inflight = new InflightBytes(
    limits.maxInflightBytes,
    warnEveryMinute(() =>
      ctx.log.warn(
        { limit: limits.maxInflightBytes },
        'MQTT messages being stored have reached MQTT_MAX_INFLIGHT_BYTES: devices wait, their connections unread, until some are stored',
      ),
    ),
  );
  // A device's messages are stored one at a time, in the order it sent them: the broker hands on
  // every packet of one read from the socket at once, and one device must not hold more of the
  // database than another.
  const lastTurn = new WeakMap<Client, Promise<unknown>>();
  const inTurn = (client: Client, work: () => Promise<void>) => {
    const turn = (lastTurn.get(client) ?? Promise.resolve()).then(work);
    lastTurn.set(
      client,
      turn.catch(() => undefined),
    );
    return turn;
  };

  const broker = await Aedes.createBroker({
    connectTimeout: limits.connectTimeoutMs,
    authenticate: (client, username, password, done) => {
      checkMqttSignIn(ctx.db, username, password?.toString('utf8')).then(
        (device) => {
          if (!device) return done(refused(BAD_USERNAME_OR_PASSWORD, 'bad username or password'), false);
          // The client id is the device's own, so no device can take over another's session.
          if (client.id !== mqttClientId(device.productKey, device.deviceName))
            return done(refused(IDENTIFIER_REJECTED, 'client id is not the device’s'), false);
          devices.set(client, device);
          done(null, true);
        },
        (err: unknown) => {
          ctx.log.error({ err }, 'MQTT sign-in could not be checked');
          done(refused(3, 'server unavailable'), false);
        },
      );
    },
    authorizePublish: (client, packet, done) => {
      const device = client && devices.get(client);
      if (!device) return done(new Error('not signed in'));
      const prefix = `${own(device)}/up/`;
      if (!packet.topic.startsWith(prefix)) return done(new Error('a device publishes under its own topics only'));
      // Nothing a device sends is kept for later subscribers.
      packet.retain = false;
      const payload = packet.payload as Buffer;
      // The broker reads nothing more from this connection until `done`: that is the back-pressure.
      inflight
        .hold(payload.length, () => inTurn(client, () => deviceSent(ctx, device, packet.topic.slice(prefix.length), payload)))
        .then(
          () => done(null),
          (err: unknown) => {
            ctx.log.error({ err, topic: packet.topic }, 'MQTT message not stored; the device sends it again');
            done(err as Error);
          },
        );
    },
    authorizeSubscribe: (client, subscription, done) => {
      const device = devices.get(client);
      done(null, device && subscription.topic.startsWith(`${own(device)}/down/`) ? subscription : null);
    },
  });

  const signIns = new SignIns(limits.maxSignInsPerAddress);
  const stopCounting = new WeakMap<Client, () => void>();
  broker.on('client', (client) => stopCounting.get(client)?.());
  const tooManySignIns = warnEveryMinute(() =>
    ctx.log.warn(
      { limit: limits.maxSignInsPerAddress },
      'MQTT connections still signing in from one address have reached MQTT_MAX_SIGN_INS_PER_ADDRESS: more are refused',
    ),
  );
  const tooManyConnections = warnEveryMinute(() =>
    ctx.log.warn({ limit: limits.maxConnections }, 'MQTT connections have reached MQTT_MAX_CONNECTIONS: more are refused'),
  );

  const server = net.createServer((socket) => {
    const address = socket.remoteAddress;
    const signingIn = address === undefined ? null : signIns.admit(address);
    if (!signingIn) {
      // No address: the client reset the connection before it was taken.
      if (address !== undefined) tooManySignIns();
      socket.destroy();
      return;
    }
    socket.once('close', signingIn);
    const connection = withPacketLimits(socket, limits.maxPacketBytes, (reason) =>
      ctx.log.warn({ address, clientId: client.id ?? undefined, reason }, 'MQTT connection closed: a packet over its limit'),
    );
    const client = broker.handle(connection);
    stopCounting.set(client, signingIn);
  });
  server.maxConnections = limits.maxConnections;
  server.on('drop', tooManyConnections);
  const closeBroker = () => new Promise<void>((resolve) => broker.close(() => resolve()));
  const listen = (port: number) =>
    new Promise<boolean>((resolve, reject) => {
      const failed = (err: NodeJS.ErrnoException) => (err.code === 'EADDRINUSE' || err.code === 'EACCES' ? resolve(false) : reject(err));
      server.once('error', failed);
      server.listen(port, ctx.config.host, () => {
        server.off('error', failed);
        resolve(true);
      });
    });
  const wanted = ctx.config.mqttPort;
  let listening = await listen(wanted);
  // The default port is often a system Mosquitto's: the console still starts with its own broker
  // and says where, while a port someone chose is never swapped for another behind their back.
  if (!listening && !ctx.config.mqttPortChosen) {
    listening = await listen(0);
    const free = listening && (server.address() as net.AddressInfo).port;
    if (free)
      ctx.log.warn(
        { port: free, taken: wanted },
        `Port ${wanted} is taken (another MQTT broker?): the built-in MQTT broker listens on port ${free} instead, and npm run simulate finds it there. Set MQTT_PORT to give devices a fixed port.`,
      );
  }
  if (!listening) {
    ctx.log.warn(
      { port: wanted },
      `MQTT_PORT ${wanted} is taken (another MQTT broker?): the built-in MQTT broker is off and devices report over HTTP only. Set MQTT_PORT to a free port, or MQTT_URL to use that broker.`,
    );
    await closeBroker();
    return { stop: () => Promise.resolve() };
  }
  const { port } = server.address() as net.AddressInfo;
  ctx.log.info({ port }, 'built-in MQTT broker listening');

  setDeviceLink(ctx, {
    publish: (productKey, deviceName, kind, payload) =>
      new Promise((resolve, reject) =>
        broker.publish(
          { cmd: 'publish', topic: downTopic(productKey, deviceName, kind), payload: Buffer.from(JSON.stringify(payload)), qos: 1, retain: false, dup: false },
          (err) => (err ? reject(err) : resolve(true)),
        ),
      ),
  });

  // A device disabled, deleted or given a new secret signs in again, or fails to.
  const stopListening = onCredentialsChanged((_db, deviceId) => {
    for (const client of Object.values((broker as unknown as { clients: Record<string, Client> }).clients))
      if (devices.get(client)?.id === deviceId) client.close();
    return Promise.resolve();
  });

  return {
    url: `mqtt://${localAddress(ctx.config.host)}:${port}`,
    stop: async () => {
      stopListening();
      setDeviceLink(ctx, null);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await closeBroker();
      await closed;
    },
  };
}

/** How a client on this machine reaches a server listening on `host`: loopback when it listens on every address. */
function localAddress(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}
