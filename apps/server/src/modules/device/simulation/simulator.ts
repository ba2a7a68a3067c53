import type { CommandAck, CommandDown, Report } from '@lightdesk/contract';
import { storeReports, type SimulatedStore } from './store-reports';

/** A demo gateway as `demo-gateways.json` describes it: its store and its credentials. */
export interface GatewayCredentials extends SimulatedStore {
  productKey: string;
  deviceSecret: string;
}

/** How a simulated gateway talks to Lightdesk: over MQTT or HTTP. */
export interface GatewayConnection {
  report(reports: Report[]): Promise<unknown>;
  /** Answers a command the server sent down. */
  ack(ack: CommandAck): Promise<unknown>;
  /** Drops the connection the way a power cut does (over MQTT the broker then sends its Last Will). */
  drop(): Promise<void>;
  reconnect(): Promise<void>;
  close(): Promise<void>;
}

export interface SimulatorOptions {
  gateways: GatewayCredentials[];
  /** Connects a gateway; `onCommand` is called with each command sent down to it. */
  connect: (gateway: GatewayCredentials, onCommand: (command: CommandDown) => void) => Promise<GatewayConnection>;
  /** Seconds each report covers, and how often each gateway sends. */
  intervalSeconds: number;
  /** Chance per interval that one gateway drops for `outageSeconds`. */
  dropChance: number;
  outageSeconds: number;
  log: (line: string) => void;
  now?: () => number;
}

/**
 * Plays the stores: every interval each gateway sends what its devices saw, now and then one
 * gateway drops off for a while and comes back. Answers a function that stops it all.
 */
export async function runSimulator(options: SimulatorOptions): Promise<() => Promise<void>> {
  const now = options.now ?? Date.now;
  const connections = new Map<GatewayCredentials, GatewayConnection>();
  // A command is carried out at once: acknowledged, and the new state reported as the gateway's properties.
  const obey = (gateway: GatewayCredentials) => (down: CommandDown) => {
    const connection = connections.get(gateway);
    if (!connection) return;
    const { action, value } = down.command;
    const state = action === 'power' ? { power: value === 'on' } : { [action]: value };
    void (async () => {
      try {
        await connection.ack({ jobId: down.jobId, status: 'ok' });
        await connection.report([
          { id: `cmd-${down.jobId}`, at: new Date(now()).toISOString(), device: gateway.gateway, kind: 'properties', properties: state },
        ]);
        options.log(`gateway of ${gateway.meshId} carried out ${action} ${String(value)}`);
      } catch (error) {
        options.log(`gateway of ${gateway.meshId} could not answer a command: ${error instanceof Error ? error.message : String(error)}`);
      }
    })();
  };
  for (const gateway of options.gateways) connections.set(gateway, await options.connect(gateway, obey(gateway)));
  options.log(`${connections.size} gateways connected`);
  const down = new Map<GatewayCredentials, number>();
  let sent = 0;
  let stopped = false;

  const tick = async () => {
    const end = Math.floor(now() / 1000 / options.intervalSeconds) * options.intervalSeconds * 1000;
    const from = new Date(end - options.intervalSeconds * 1000);
    if (Math.random() < options.dropChance) {
      const candidates = options.gateways.filter((g) => !down.has(g));
      const victim = candidates[Math.floor(Math.random() * candidates.length)];
      if (victim) {
        down.set(victim, now() + options.outageSeconds * 1000);
        await connections.get(victim)!.drop();
        options.log(`gateway of ${victim.meshId} dropped for ${options.outageSeconds} s`);
      }
    }
    await Promise.all(
      options.gateways.map(async (gateway) => {
        const until = down.get(gateway);
        if (until !== undefined) {
          if (now() < until) return;
          down.delete(gateway);
          await connections.get(gateway)!.reconnect();
          options.log(`gateway of ${gateway.meshId} is back`);
        }
        const reports = storeReports(gateway, from, options.intervalSeconds, 'sim');
        try {
          await connections.get(gateway)!.report(reports);
          sent += reports.length;
        } catch (error) {
          options.log(`gateway of ${gateway.meshId}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }),
    );
  };

  let timer: NodeJS.Timeout | undefined;
  const loop = async () => {
    if (stopped) return;
    await tick();
    options.log(`${sent} reports sent`);
    timer = setTimeout(() => void loop(), options.intervalSeconds * 1000);
  };
  await loop();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await Promise.all([...connections.values()].map((c) => c.close()));
  };
}
