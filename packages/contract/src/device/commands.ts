import { z } from 'zod';
import { DateFrom, DateTime, DateTo, Id, Int32, ListQuery, Text } from '../common';
import { endpoint } from '../endpoint';
import { resourceEndpoints } from '../resource';
import { GroupCode, MeshId } from '../store/stores';

/**
 * Group remote control: a staff member sends one command to the luminaires of several stores at
 * once. Each store's gateway gets it (over MQTT, or when it next polls over HTTP) and answers
 * with an acknowledgement; the console follows every store's delivery.
 */

/** Most stores one request may name; the "group control store cap" parameter is the real, lower, limit. */
export const MAX_COMMAND_STORES = 1000;
const MAX_TARGETS = 5000;

export const COMMAND_ACTIONS = ['power', 'brightness', 'colourTemperature', 'scene'] as const;
export type CommandAction = (typeof COMMAND_ACTIONS)[number];

/** What the luminaires are told to do. */
export const Command = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('power'), value: z.enum(['on', 'off']) }),
  /** Percent. */
  z.strictObject({ action: z.literal('brightness'), value: Int32(0, 100) }),
  /** Kelvin. */
  z.strictObject({ action: z.literal('colourTemperature'), value: Int32(2700, 6500) }),
  z.strictObject({ action: z.literal('scene'), value: Int32(0, 255) }),
]);
export type Command = z.infer<typeof Command>;

export const TARGET_KINDS = ['all', 'groups', 'devices'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

/** Which luminaires of the chosen stores: all of them, those of chosen lighting groups (by id), or chosen devices (by uuid). */
export const CommandTarget = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('all') }),
  z.strictObject({ kind: z.literal('groups'), groupIds: z.array(Id).min(1).max(MAX_TARGETS) }),
  z.strictObject({ kind: z.literal('devices'), uuids: z.array(Text(64).min(1)).min(1).max(MAX_TARGETS) }),
]);
export type CommandTarget = z.infer<typeof CommandTarget>;

/** A store, by its id or its mesh id. */
export const StoreRef = z.union([z.int().min(1).max(2_147_483_647), MeshId]);

export const CommandSend = z.strictObject({
  stores: z.array(StoreRef).min(1).max(MAX_COMMAND_STORES),
  target: CommandTarget,
  command: Command,
});
export type CommandSend = z.infer<typeof CommandSend>;

export const JOB_STATES = ['queued', 'sent', 'acknowledged', 'failed', 'timed-out'] as const;
export type JobState = (typeof JOB_STATES)[number];
/** States a job leaves no more. */
export const FINISHED_JOB_STATES: readonly JobState[] = ['acknowledged', 'failed', 'timed-out'];

/**
 * Why a command cannot reach a store now: no enabled gateway of the store is provisioned in the
 * cloud, or every one is offline. The store picker says it before sending; a delivery to such a
 * store fails at once with the same reason.
 */
export const GATEWAY_PROBLEMS = ['no-gateway', 'gateway-offline'] as const;
export const GatewayProblem = z.enum(GATEWAY_PROBLEMS);
export type GatewayProblem = z.infer<typeof GatewayProblem>;

/** Why a store's delivery failed without the gateway saying so. */
export const JOB_FAILURES = [...GATEWAY_PROBLEMS, 'timeout'] as const;

export const CommandSent = z.object({ id: Id });

/** How many of a command's stores are in each state. */
export const JobCounts = z.object({
  queued: z.int(),
  sent: z.int(),
  acknowledged: z.int(),
  failed: z.int(),
  timedOut: z.int(),
});
export type JobCounts = z.infer<typeof JobCounts>;

export const CommandQuery = ListQuery.extend({ action: z.enum(COMMAND_ACTIONS).optional(), createdFrom: DateFrom, createdTo: DateTo });
export type CommandQuery = z.infer<typeof CommandQuery>;

export const CommandRow = z.object({
  id: Id,
  action: z.enum(COMMAND_ACTIONS),
  value: z.string(),
  targetKind: z.enum(TARGET_KINDS),
  /** How many groups or devices were chosen; 0 for all luminaires. */
  targetCount: z.int(),
  senderName: z.string(),
  createdAt: DateTime,
  storeCount: z.int(),
  ...JobCounts.shape,
});
export type CommandRow = z.infer<typeof CommandRow>;

export const CommandJob = z.object({
  id: Id,
  storeId: Id,
  meshId: z.string(),
  storeName: z.string(),
  state: z.enum(JOB_STATES),
  /** Why it failed: a gateway's own reason, or one of JOB_FAILURES. */
  reason: z.string().nullable(),
  createdAt: DateTime,
  sentAt: DateTime.nullable(),
  finishedAt: DateTime.nullable(),
});
export type CommandJob = z.infer<typeof CommandJob>;
export const CommandDetail = CommandRow.extend({ jobs: z.array(CommandJob) });
export type CommandDetail = z.infer<typeof CommandDetail>;

/** A store the sender may pick, with what can be chosen in it. */
export const CommandStoreQuery = z.object({ keyword: Text(50).optional() });
export const CommandStoreOption = z.object({
  id: Id,
  meshId: z.string(),
  name: z.string(),
  luminaireCount: z.int(),
  /** Why a command could not reach the store now; null when one of its gateways is online. */
  gatewayProblem: GatewayProblem.nullable(),
});
export type CommandStoreOption = z.infer<typeof CommandStoreOption>;
/** `maxStores` is the group control store cap: the screen refuses more before the server would. */
export const CommandStorePicks = z.object({ maxStores: z.int(), stores: z.array(CommandStoreOption) });
export type CommandStorePicks = z.infer<typeof CommandStorePicks>;
/** `storeIds` as the query string carries them: `1,2,3`. */
export const CommandTargetsQuery = z.object({
  storeIds: z
    .string()
    .regex(/^\d{1,9}(,\d{1,9}){0,999}$/, 'must be store ids separated by commas')
    .transform((v) => v.split(',').map(Number)),
});
export const CommandTargets = z.object({
  groups: z.array(z.object({ id: Id, storeId: Id, groupCode: z.int(), name: z.string(), luminaireCount: z.int() })),
  devices: z.array(z.object({ uuid: z.string(), storeId: Id, name: z.string(), groupId: Id.nullable() })),
});
export type CommandTargets = z.infer<typeof CommandTargets>;

export const commandApi = {
  send: endpoint.post('/api/device/group-control/send', {
    permission: 'device:group-control:send',
    body: CommandSend,
    answer: CommandSent,
    summary: "Send a command to the luminaires of chosen stores; one delivery per store, followed in the command's detail",
  }),
  /** The sender's own picker: the stores they may command, whatever their access to the store screens. */
  stores: endpoint.get('/api/device/group-control/stores', {
    permission: 'device:group-control:send',
    query: CommandStoreQuery,
    answer: CommandStorePicks,
    summary: 'Stores the caller may send commands to (at most 50 per search), and how many one command may go to',
  }),
  targets: endpoint.get('/api/device/group-control/targets', {
    permission: 'device:group-control:send',
    query: CommandTargetsQuery,
    answer: CommandTargets,
    summary: 'The lighting groups and luminaires of chosen stores',
  }),
};

/** Commands sent, newest first, with each one's per-store progress; the detail lists every store's delivery. */
export const commandHistoryApi = resourceEndpoints('/api/device/group-control/history', 'device:group-control', {
  name: 'group command',
  query: CommandQuery,
  row: CommandRow,
  detail: CommandDetail,
  excel: true,
});

/** A command as a gateway receives it: down over MQTT (`down/command`) or from its HTTP poll. */
export const CommandDown = z.object({
  commandId: Id,
  jobId: Id,
  /** For all luminaires of the store; group codes (mesh group addresses); or device uuids. */
  target: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('all') }),
    z.object({ kind: z.literal('groups'), groupCodes: z.array(GroupCode) }),
    z.object({ kind: z.literal('devices'), uuids: z.array(z.string()) }),
  ]),
  command: Command,
  issuedAt: DateTime,
});
export type CommandDown = z.infer<typeof CommandDown>;
export const PendingCommands = z.object({ commands: z.array(CommandDown) });
export type PendingCommands = z.infer<typeof PendingCommands>;

/** A gateway's answer to a command, up over MQTT (`up/ack`) or HTTP; it names the job, or the command (its store's job of it). */
export const CommandAck = z
  .strictObject({
    jobId: Id.optional(),
    commandId: Id.optional(),
    status: z.enum(['ok', 'failed']),
    reason: Text(200).optional(),
  })
  .refine((a) => a.jobId !== undefined || a.commandId !== undefined, { path: ['jobId'], message: 'name the job or the command' });
export type CommandAck = z.infer<typeof CommandAck>;
/** Whether the ack changed a delivery: false when it was already finished or is not the gateway's store's. */
export const AckAnswer = z.object({ recorded: z.boolean() });

export const gatewayCommandApi = {
  pending: endpoint.get('/open/iot/commands', {
    device: true,
    answer: PendingCommands,
    summary: "The store's commands not yet delivered, for a gateway polling over HTTP; they count as sent from then on",
  }),
  ack: endpoint.post('/open/iot/commands/ack', {
    device: true,
    body: CommandAck,
    answer: AckAnswer,
    summary: 'A gateway acknowledges a command it carried out, or says why it failed',
  }),
};
