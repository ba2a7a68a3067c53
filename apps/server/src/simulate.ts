/**
 * `npm run simulate`: plays the demo stores' gateways against a running Lightdesk, over MQTT
 * (default) or HTTP, with the credentials the demo seed wrote into DATA_DIR, at the addresses the
 * console wrote there (running-console.ts) unless --url and --mqtt name others.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CommandDown } from '@lightdesk/contract';
import { HttpGateway, MqttGateway, runSimulator, type GatewayConnection, type GatewayCredentials } from './modules/device';
import { simulatorAddresses } from './running-console';

const dataDir = process.env.DATA_DIR ?? './data';
const { values: args } = parseArgs({
  options: {
    transport: { type: 'string', default: 'mqtt' },
    url: { type: 'string' },
    mqtt: { type: 'string' },
    credentials: { type: 'string', default: path.join(dataDir, 'demo-gateways.json') },
    interval: { type: 'string', default: '10' },
    help: { type: 'boolean', default: false },
  },
});

if (args.help) {
  console.log(`npm run simulate -- [--transport mqtt|http] [--url http://127.0.0.1:8080] [--mqtt mqtt://127.0.0.1:1883]
                      [--credentials ./data/demo-gateways.json] [--interval 10]
Without --url and --mqtt it uses those of the console running with the same DATA_DIR.`);
  process.exit(0);
}
if (args.transport !== 'mqtt' && args.transport !== 'http') {
  console.error('--transport must be mqtt or http');
  process.exit(1);
}
const transport = args.transport;
const addresses = simulatorAddresses({ transport, url: args.url, mqtt: args.mqtt, dataDir });
if ('problem' in addresses) {
  console.error(addresses.problem);
  process.exit(1);
}
if (!fs.existsSync(args.credentials)) {
  console.error(`No gateway credentials at ${args.credentials}: start Lightdesk with demo data first (npm start), or name the file with --credentials.`);
  process.exit(1);
}
const { gateways } = JSON.parse(fs.readFileSync(args.credentials, 'utf8')) as { gateways: GatewayCredentials[] };
console.log(`Playing ${gateways.length} gateways against ${transport === 'mqtt' ? `the MQTT broker at ${addresses.mqtt}` : addresses.url}`);

/** Over HTTP a gateway asks for its commands every few seconds. */
const http = (g: GatewayCredentials, onCommand: (command: CommandDown) => void): Promise<GatewayConnection> => {
  const gateway = new HttpGateway(addresses.url, g.productKey, g.gateway, g.deviceSecret);
  let up = true;
  const poll = setInterval(() => {
    if (up)
      void gateway.pendingCommands().then(
        (commands) => commands.forEach(onCommand),
        () => undefined,
      );
  }, 3000);
  return Promise.resolve({
    report: (reports) => (up ? gateway.report(reports) : Promise.resolve()),
    ack: (ack) => gateway.ack(ack),
    drop: () => Promise.resolve(void (up = false)),
    reconnect: () => Promise.resolve(void (up = true)),
    close: () => Promise.resolve(clearInterval(poll)),
  });
};

/** Over MQTT commands come down as they are sent; a drop is a power cut, so the broker sends the gateway's Last Will. */
const mqtt = async (g: GatewayCredentials, onCommand: (command: CommandDown) => void): Promise<GatewayConnection> => {
  const connect = () =>
    MqttGateway.connect(addresses.mqtt!, g.productKey, g.gateway, g.deviceSecret, {
      onMessage: (kind, payload) => {
        const command = CommandDown.safeParse(payload);
        if (kind === 'command' && command.success) onCommand(command.data);
      },
    });
  let gateway: MqttGateway | null = await connect();
  return {
    report: (reports) => (gateway ? gateway.report(reports) : Promise.resolve()),
    ack: (ack) => (gateway ? gateway.ack('ack', ack) : Promise.resolve()),
    drop: () => Promise.resolve(void (gateway?.drop(), (gateway = null))),
    reconnect: async () => void (gateway = await connect()),
    close: async () => void (await gateway?.close()),
  };
};

const stop = await runSimulator({
  gateways,
  connect: transport === 'mqtt' ? mqtt : http,
  intervalSeconds: Number(args.interval),
  dropChance: 0.02,
  outageSeconds: 240,
  log: (line) => console.log(`${new Date().toISOString()} ${line}`),
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop().then(() => process.exit(0)));
