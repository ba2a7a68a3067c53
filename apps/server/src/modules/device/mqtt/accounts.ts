import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import type { Database } from '../../../db/client';
import type { AppContext } from '../../../lib/context';
import { deviceSecret, mqttClientId, mqttPassword, mqttUsername } from '../credentials';
import { parseDeviceName } from '../directory';
import { TOPIC_ROOT } from '../link';
import { iotDevices, iotProducts } from '../schema';

/**
 * Devices' accounts on a Mosquitto broker with the dynamic-security plugin, kept by Lightdesk
 * over the plugin's control topic: an enabled device has a client (its MQTT username, derived
 * password and client id) with a role of its own that lets it publish only under its own `up/`
 * and subscribe only under its own `down/`; a disabled device's client is disabled; a deleted
 * device's is deleted. The broker itself records which secret generation each client holds, so
 * a reconcile sees what a failed or missed change left behind — or a fresh broker's emptiness.
 */
export const CONTROL_TOPIC = '$CONTROL/dynamic-security/v1';
export const CONTROL_RESPONSE_TOPIC = `${CONTROL_TOPIC}/response`;

/** The text name marking the broker's clients Lightdesk keeps (others are left alone). */
const MARK = 'Lightdesk device';
const generationText = (generation: number) => `secret generation ${generation}`;
const roleOf = (username: string) => `lightdesk-device:${username}`;
/** Devices per control message while reconciling: the broker saves its config after every change. */
const BATCH = 50;
const LIST_PAGE = 1000;
const ANSWER_TIMEOUT_MS = 15_000;
/** Answers the plugin gives for what is already as wanted. */
const ALREADY = new Set(['Role already exists', 'Client already exists', 'Client not found', 'Role not found']);

type Command = Record<string, unknown> & { command: string };
interface Answer {
  command: string;
  error?: string;
  data?: unknown;
  correlationData?: string;
}

interface DeviceAccount {
  id: number;
  productKey: string;
  deviceName: string;
  generation: number;
  enabled: boolean;
}

interface BrokerClient {
  username: string;
  textname?: string;
  textdescription?: string;
  disabled?: boolean;
}

const accountsQuery = (db: Database) =>
  db
    .select({
      id: iotDevices.id,
      productKey: iotProducts.productKey,
      deviceName: iotDevices.deviceName,
      generation: iotDevices.secretGeneration,
      enabled: iotDevices.enabled,
    })
    .from(iotDevices)
    .innerJoin(iotProducts, eq(iotProducts.id, iotDevices.productId));

export class BrokerAccounts {
  private readonly waiting = new Map<string, (answers: Answer[]) => void>();
  private reconciling: Promise<void> | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly client: MqttClient,
  ) {}

  /** A message on the control response topic. */
  received(payload: Buffer) {
    let answers: Answer[];
    try {
      answers = (JSON.parse(payload.toString('utf8')) as { responses: Answer[] }).responses;
    } catch {
      return;
    }
    const id = answers[0]?.correlationData?.split(':')[0];
    const resolve = id === undefined ? undefined : this.waiting.get(id);
    if (resolve) resolve(answers);
  }

  /** Sends commands in one control message; answers the plugin's answers, in order. */
  private async send(commands: Command[]): Promise<Answer[]> {
    const id = randomBytes(8).toString('hex');
    const answered = new Promise<Answer[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error('the broker did not answer the dynamic-security commands'));
      }, ANSWER_TIMEOUT_MS);
      this.waiting.set(id, (answers) => {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve(answers);
      });
    });
    answered.catch(() => undefined);
    await this.client.publishAsync(CONTROL_TOPIC, JSON.stringify({ commands: commands.map((c, i) => ({ ...c, correlationData: `${id}:${i}` })) }), {
      qos: 1,
    });
    return answered;
  }

  /** Sends each device's commands, a batch at a time; answers how many devices' commands failed. */
  private async apply(work: { username: string; commands: Command[] }[]): Promise<number> {
    let failed = 0;
    for (let i = 0; i < work.length; i += BATCH) {
      const batch = work.slice(i, i + BATCH);
      try {
        const answers = await this.send(batch.flatMap((w) => w.commands));
        let at = 0;
        for (const w of batch) {
          const mine = answers.slice(at, (at += w.commands.length));
          const wrong = mine.find((a) => a.error && !ALREADY.has(a.error));
          if (wrong || mine.length < w.commands.length) {
            failed++;
            this.ctx.log.warn({ device: w.username, command: wrong?.command, error: wrong?.error }, 'MQTT broker refused a device account change');
          }
        }
      } catch (err) {
        failed += batch.length;
        this.ctx.log.warn({ err, devices: batch.length }, 'MQTT broker account changes failed; the next reconcile retries them');
      }
    }
    return failed;
  }

  private async password(db: Database, d: DeviceAccount) {
    return mqttPassword(await deviceSecret(db, d.productKey, d.deviceName, d.generation), d.productKey, d.deviceName);
  }

  private async created(db: Database, d: DeviceAccount): Promise<Command[]> {
    const username = mqttUsername(d.productKey, d.deviceName);
    const own = `${TOPIC_ROOT}/${d.productKey}/${d.deviceName}`;
    return [
      {
        command: 'createRole',
        rolename: roleOf(username),
        acls: [
          { acltype: 'publishClientSend', topic: `${own}/up/#`, allow: true },
          { acltype: 'subscribePattern', topic: `${own}/down/#`, allow: true },
        ],
      },
      {
        command: 'createClient',
        username,
        password: await this.password(db, d),
        clientid: mqttClientId(d.productKey, d.deviceName),
        textname: MARK,
        textdescription: generationText(d.generation),
        roles: [{ rolename: roleOf(username) }],
      },
    ];
  }

  /** A client's new password (the broker drops its connection) and its generation, enabled. */
  private async updated(db: Database, d: DeviceAccount): Promise<Command[]> {
    const username = mqttUsername(d.productKey, d.deviceName);
    return [
      { command: 'modifyClient', username, password: await this.password(db, d), textdescription: generationText(d.generation) },
      { command: 'enableClient', username },
    ];
  }

  private readonly removed = (username: string): Command[] => [
    { command: 'deleteClient', username },
    { command: 'deleteRole', rolename: roleOf(username) },
  ];

  /** Brings one device's account in line with the database (see CredentialsListener). */
  async changed(db: Database, deviceId: number): Promise<void> {
    // Not connected: the reconcile on connecting catches up, and the change does not wait for it.
    if (!this.client.connected) return;
    const [d] = await accountsQuery(db).where(eq(iotDevices.id, deviceId));
    // A deleted device leaves no name to find its account by: the reconcile finds it.
    if (!d) return this.reconcile();
    const username = mqttUsername(d.productKey, d.deviceName);
    const commands = d.enabled ? [...(await this.created(db, d)), ...(await this.updated(db, d))] : [{ command: 'disableClient', username }];
    if ((await this.apply([{ username, commands }])) === 0) this.ctx.log.info({ device: username, enabled: d.enabled }, 'MQTT broker account updated');
  }

  /** Every device's account as the database says, in batches; one reconcile at a time. */
  reconcile(): Promise<void> {
    this.reconciling ??= this.reconcileNow().finally(() => (this.reconciling = null));
    return this.reconciling;
  }

  private async reconcileNow(): Promise<void> {
    const { db } = this.ctx;
    try {
      const onBroker = new Map<string, BrokerClient>();
      for (let offset = 0; ; offset += LIST_PAGE) {
        const [answer] = await this.send([{ command: 'listClients', verbose: true, count: LIST_PAGE, offset }]);
        if (!answer || answer.error) throw new Error(`listClients: ${answer?.error ?? 'no answer'}`);
        const { clients, totalCount } = answer.data as { clients: BrokerClient[]; totalCount: number };
        for (const c of clients) if (c.textname === MARK && parseDeviceName(c.username)) onBroker.set(c.username, c);
        if (offset + LIST_PAGE >= totalCount || clients.length === 0) break;
      }
      const work: { username: string; commands: Command[] }[] = [];
      for (const d of await accountsQuery(db)) {
        const username = mqttUsername(d.productKey, d.deviceName);
        const account = onBroker.get(username);
        onBroker.delete(username);
        if (d.enabled && !account) work.push({ username, commands: await this.created(db, d) });
        else if (d.enabled && (account!.disabled || account!.textdescription !== generationText(d.generation)))
          work.push({ username, commands: await this.updated(db, d) });
        else if (!d.enabled && account && !account.disabled) work.push({ username, commands: [{ command: 'disableClient', username }] });
      }
      for (const username of onBroker.keys()) work.push({ username, commands: this.removed(username) });
      const failed = await this.apply(work);
      this.ctx.log.info({ changed: work.length - failed, failed }, 'MQTT broker accounts reconciled');
    } catch (err) {
      this.ctx.log.warn({ err }, 'MQTT broker accounts could not be reconciled; retrying on the next connection');
    }
  }
}
