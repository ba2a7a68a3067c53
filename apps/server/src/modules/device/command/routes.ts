import { commandApi, commandHistoryApi, gatewayCommandApi, type CommandRow, type JobState } from '@lightdesk/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { unauthorized } from '../../../lib/errors';
import { contains, within } from '../../../lib/filters';
import { resourceRoutes, type RowOf } from '../../../lib/resource';
import { defineRoutes } from '../../../lib/routes';
import { lightingGroups, storeDevices, stores } from '../../store';
import { readSetting } from '../../system';
import { senderOf } from '../ingest/authenticate';
import { recordAck, takePendingCommands } from './delivery';
import { deviceCommandJobs, deviceCommands } from './schema';
import { commandableStores, gatewayProblemOf, sendCommand } from './send';
import { column, dateColumn } from '../../../lib/excel';

const jobsIn = (state: JobState) =>
  sql<number>`(select count(*)::int from device_command_jobs cj where cj.command_id = "device_commands"."id" and cj.state = ${state})`;

const columns = {
  id: deviceCommands.id,
  action: sql<CommandRow['action']>`${deviceCommands.command}->>'action'`.as('action'),
  value: sql<string>`${deviceCommands.command}->>'value'`.as('value'),
  targetKind: sql<CommandRow['targetKind']>`${deviceCommands.target}->>'kind'`.as('target_kind'),
  targetCount: sql<number>`coalesce(jsonb_array_length(${deviceCommands.target}->'groupIds'), jsonb_array_length(${deviceCommands.target}->'uuids'), 0)`.as(
    'target_count',
  ),
  senderName: sql<string>`coalesce((select coalesce(nullif(u.nickname, ''), u.username) from users u where u.id = "device_commands"."sent_by"), '')`.as(
    'sender_name',
  ),
  createdAt: deviceCommands.createdAt,
  storeCount: sql<number>`(select count(*)::int from device_command_jobs cj where cj.command_id = "device_commands"."id")`.as('store_count'),
  queued: jobsIn('queued').as('queued'),
  sent: jobsIn('sent').as('sent'),
  acknowledged: jobsIn('acknowledged').as('acknowledged'),
  failed: jobsIn('failed').as('failed'),
  timedOut: jobsIn('timed-out').as('timed_out'),
};
type Row = RowOf<typeof columns>;

const STORE_PICKS = 50;

export default defineRoutes((r, ctx) => {
  const { db } = ctx;

  r.endpoint(commandApi.send, async ({ session, body }) => ({ id: await sendCommand(ctx, session, body) }));

  r.endpoint(commandApi.stores, async ({ session, query }) => ({
    maxStores: await readSetting(db, 'device.group-control.max-stores'),
    stores: await db
      .select({
        id: stores.id,
        meshId: stores.meshId,
        name: stores.name,
        luminaireCount: sql<number>`(select count(*)::int from store_devices sd where sd.store_id = "stores"."id" and sd.kind = 'luminaire')`,
        gatewayProblem: gatewayProblemOf(sql`${stores.id}`),
      })
      .from(stores)
      .where(
        and(
          commandableStores(session),
          query.keyword ? sql`(${contains(stores.name, query.keyword)} or ${contains(stores.meshId, query.keyword)})` : undefined,
        ),
      )
      .orderBy(asc(stores.name), asc(stores.id))
      .limit(STORE_PICKS),
  }));

  r.endpoint(commandApi.targets, async ({ session, query }) => {
    const visible = db
      .select({ id: stores.id })
      .from(stores)
      .where(and(inArray(stores.id, query.storeIds), commandableStores(session)));
    const [groups, devices] = await Promise.all([
      db
        .select({
          id: lightingGroups.id,
          storeId: lightingGroups.storeId,
          groupCode: lightingGroups.groupCode,
          name: lightingGroups.name,
          luminaireCount: sql<number>`(select count(*)::int from store_devices gd where gd.group_id = "lighting_groups"."id" and gd.kind = 'luminaire')`,
        })
        .from(lightingGroups)
        .where(inArray(lightingGroups.storeId, visible))
        .orderBy(asc(lightingGroups.storeId), asc(lightingGroups.groupCode)),
      db
        .select({ uuid: storeDevices.uuid, storeId: storeDevices.storeId, name: storeDevices.name, groupId: storeDevices.groupId })
        .from(storeDevices)
        .where(and(inArray(storeDevices.storeId, visible), eq(storeDevices.kind, 'luminaire')))
        .orderBy(asc(storeDevices.storeId), asc(storeDevices.name), asc(storeDevices.id)),
    ]);
    return { groups, devices };
  });

  resourceRoutes(r, ctx, {
    api: commandHistoryApi,
    table: deviceCommands,
    id: deviceCommands.id,
    // Agents' staff see the commands their own agent sent.
    tenancy: { scope: (session) => (session.tenantType === 'platform' ? undefined : eq(deviceCommands.tenantId, session.tenantId)) },
    columns,
    filters: (q) => [
      q.action ? sql`${deviceCommands.command}->>'action' = ${q.action}` : undefined,
      ...within(deviceCommands.createdAt, q.createdFrom, q.createdTo),
    ],
    sortable: { createdAt: deviceCommands.createdAt },
    defaultSort: [desc(deviceCommands.createdAt), desc(deviceCommands.id)],
    detail: async ({ db }, row: Row) => ({
      ...row,
      jobs: await db
        .select({
          id: deviceCommandJobs.id,
          storeId: deviceCommandJobs.storeId,
          meshId: stores.meshId,
          storeName: stores.name,
          state: sql<JobState>`${deviceCommandJobs.state}`,
          reason: deviceCommandJobs.reason,
          createdAt: deviceCommandJobs.createdAt,
          sentAt: deviceCommandJobs.sentAt,
          finishedAt: deviceCommandJobs.finishedAt,
        })
        .from(deviceCommandJobs)
        .innerJoin(stores, eq(stores.id, deviceCommandJobs.storeId))
        .where(eq(deviceCommandJobs.commandId, row.id))
        .orderBy(asc(stores.name), asc(deviceCommandJobs.id)),
    }),
    excel: {
      file: 'group-commands',
      columns: [
        dateColumn<Row>('createdAt', 'device:groupControl.field.createdAt'),
        column<Row>('senderName', 'device:groupControl.field.sender'),
        // The command and its value in one, as the list words it: "Power: On", "Brightness: 40 %".
        column<Row>('action', 'device:groupControl.field.command', {
          width: 28,
          value: (c, reader) =>
            `${reader.text(`device:groupControl.action.${c.action}`)}: ${
              c.action === 'power'
                ? reader.text(`device:groupControl.power.${c.value as 'on' | 'off'}`)
                : `${c.value} ${reader.text(`device:groupControl.unit.${c.action}`)}`
            }`,
        }),
        column<Row>('targetKind', 'device:groupControl.field.target', {
          value: (c, reader) => `${reader.text(`device:groupControl.target.${c.targetKind}`)}${c.targetCount ? ` (${c.targetCount})` : ''}`,
        }),
        column<Row>('storeCount', 'device:groupControl.field.storeCount'),
        column<Row>('acknowledged', 'device:groupControl.state.acknowledged'),
        column<Row>('failed', 'device:groupControl.state.failed'),
        column<Row>('timedOut', 'device:groupControl.state.timed-out'),
        column<Row>('queued', 'device:groupControl.state.queued'),
        column<Row>('sent', 'device:groupControl.state.sent'),
      ],
    },
  });

  // A gateway polling over HTTP: its store's waiting commands, and its answers to them.
  r.endpoint(gatewayCommandApi.pending, async ({ req }) => {
    const sender = senderOf(req);
    if (!sender) throw unauthorized();
    return { commands: await takePendingCommands(ctx, sender) };
  });
  r.endpoint(gatewayCommandApi.ack, async ({ req, body }) => {
    const sender = senderOf(req);
    if (!sender) throw unauthorized();
    return { recorded: await recordAck(ctx, sender, body) };
  });
});
