import {
  canPromote,
  DictType,
  firmwareApi,
  firmwarePromoteApi,
  NEXT_CHANNEL,
  ResultCode,
  type FirmwareChannel,
  type FirmwareCreate,
  type FirmwareUpdate,
} from '@lightdesk/contract';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../../lib/context';
import { AppError, notFound, refusal } from '../../../lib/errors';
import { contains, equals } from '../../../lib/filters';
import { resourceRoutes, type RowOf } from '../../../lib/resource';
import { defineRoutes, type RouteBuilder } from '../../../lib/routes';
import { otaConsoleRoutes } from './ota';
import { firmwares } from './schema';
import { uploadFirmware } from './upload';
import { versionKey } from './version';
import { column, dateColumn, dictColumn, labelColumn } from '../../../lib/excel';

export const firmwareColumns = {
  id: firmwares.id,
  channel: firmwares.channel,
  name: firmwares.name,
  versionNumber: firmwares.versionNumber,
  firmwareType: firmwares.firmwareType,
  module: firmwares.module,
  contentZh: firmwares.contentZh,
  contentEn: firmwares.contentEn,
  isForceUpdate: firmwares.isForceUpdate,
  packageType: firmwares.packageType,
  fromVersion: firmwares.fromVersion,
  signatureAlgorithm: firmwares.signatureAlgorithm,
  firmwareJson: firmwares.firmwareJson,
  fileKey: firmwares.fileKey,
  fileName: firmwares.fileName,
  size: firmwares.size,
  md5: firmwares.md5,
  sha256: firmwares.sha256,
  verifyStatus: firmwares.verifyStatus,
  rolloutTarget: firmwares.rolloutTarget,
  rolloutStoreIds: firmwares.rolloutStoreIds,
  rolloutPercent: firmwares.rolloutPercent,
  rolloutPaused: firmwares.rolloutPaused,
  uploadDate: firmwares.uploadDate,
  createdAt: firmwares.createdAt,
  updatedAt: firmwares.updatedAt,
};
type FirmwareRow = RowOf<typeof firmwareColumns>;

/** The same type, channel and module cannot hold one version twice (1.2 and 1.2.0 are one version). */
async function refuseDuplicateVersion(ctx: AppContext, channel: FirmwareChannel, values: FirmwareCreate | FirmwareUpdate, id?: number) {
  const [clash] = await ctx.db
    .select({ id: firmwares.id })
    .from(firmwares)
    .where(
      and(
        eq(firmwares.firmwareType, values.firmwareType),
        eq(firmwares.channel, channel),
        eq(firmwares.module, values.module),
        eq(firmwares.versionKey, versionKey(values.versionNumber)),
        id ? ne(firmwares.id, id) : undefined,
      ),
    );
  if (clash) throw new AppError(ResultCode.conflict, 'firmware.duplicate-version', { field: 'versionNumber', versionNumber: values.versionNumber });
}

/** The verify status a package gets: not required, or (re)starting as not verified when its file changes. */
const verifyStatusOf = (values: FirmwareCreate | FirmwareUpdate, previous?: FirmwareRow) => {
  if (!values.verifyRequired) return '0';
  if (!previous || previous.verifyStatus === '0' || previous.fileKey !== values.fileKey) return '1';
  return previous.verifyStatus;
};

function channelRoutes(r: RouteBuilder, ctx: AppContext, channel: FirmwareChannel) {
  const api = firmwareApi(channel);
  const inChannel = eq(firmwares.channel, channel);

  const find = async (id: number): Promise<FirmwareRow> => {
    const [row] = await ctx.db
      .select(firmwareColumns)
      .from(firmwares)
      .where(and(eq(firmwares.id, id), inChannel));
    if (!row) throw notFound();
    return row;
  };

  resourceRoutes(r, ctx, {
    // Deleting is registered below: only a package of this channel.
    api: { ...api, delete: undefined },
    table: firmwares,
    id: firmwares.id,
    tenancy: { platform: true },
    columns: firmwareColumns,
    filters: (q) => [
      inChannel,
      equals(firmwares.firmwareType, q.firmwareType),
      contains(firmwares.versionNumber, q.versionNumber),
      equals(firmwares.verifyStatus, q.verifyStatus),
      q.isForceUpdate ? eq(firmwares.isForceUpdate, q.isForceUpdate === 'true') : undefined,
      equals(firmwares.module, q.module),
    ],
    sortable: { versionNumber: firmwares.versionKey, uploadDate: firmwares.uploadDate, firmwareType: firmwares.firmwareType, size: firmwares.size },
    defaultSort: [desc(firmwares.uploadDate), desc(firmwares.id)],
    validate: async (_ctx, _session, values, id) => {
      if (id) await find(id);
      await refuseDuplicateVersion(ctx, channel, values, id);
      if (!(await ctx.files.storage.stat(values.fileKey))) throw new AppError(ResultCode.badInput, 'firmware.file-unknown', { field: 'fileKey' });
    },
    toRow: async (values, session) => {
      const file = (await ctx.files.storage.stat(values.fileKey))!;
      const { verifyRequired: _v, ...rest } = values;
      const isCreate = !('id' in values);
      return {
        ...rest,
        versionKey: versionKey(values.versionNumber),
        fromVersion: values.packageType === 'sub' ? values.fromVersion : '',
        fromVersionKey: values.packageType === 'sub' ? versionKey(values.fromVersion) : '',
        size: file.size,
        md5: file.md5,
        sha256: file.sha256,
        // A staged rollout is the release channel's; the others offer to whoever asks.
        ...(channel !== 'release' && { rolloutTarget: 'all', rolloutStoreIds: [], rolloutPercent: 100, rolloutPaused: false }),
        updatedAt: ctx.clock.now(),
        ...(isCreate && { channel, verifyStatus: verifyStatusOf(values), createdBy: session.userId, uploadDate: ctx.clock.now() }),
      };
    },
    afterWrite: async (tx, _session, id, values, previous) => {
      if (!previous) return;
      await tx
        .update(firmwares)
        .set({ verifyStatus: verifyStatusOf(values, previous) })
        .where(eq(firmwares.id, id));
    },
    excel: {
      file: `firmware-${channel}`,
      columns: [
        column<FirmwareRow>('name', 'release:firmware.field.name'),
        dictColumn<FirmwareRow>('firmwareType', 'release:firmware.field.firmwareType', DictType.firmwareType),
        column<FirmwareRow>('module', 'release:firmware.field.module'),
        column<FirmwareRow>('versionNumber', 'release:firmware.field.versionNumber'),
        labelColumn<FirmwareRow>('packageType', 'release:firmware.field.packageType', (f) => `release:firmware.packageType.${f.packageType}`),
        column<FirmwareRow>('fromVersion', 'release:firmware.field.fromVersion'),
        labelColumn<FirmwareRow>('isForceUpdate', 'release:firmware.field.isForceUpdate', (f) =>
          f.isForceUpdate ? 'release:firmware.yes' : 'release:firmware.no',
        ),
        dictColumn<FirmwareRow>('verifyStatus', 'release:firmware.field.verifyStatus', DictType.verifyStatus),
        column<FirmwareRow>('size', 'release:firmware.field.sizeBytes'),
        column<FirmwareRow>('md5', 'release:firmware.field.md5'),
        column<FirmwareRow>('sha256', 'release:firmware.field.sha256'),
        column<FirmwareRow>('contentZh', 'release:firmware.field.contentZh'),
        column<FirmwareRow>('contentEn', 'release:firmware.field.contentEn'),
        dateColumn<FirmwareRow>('uploadDate', 'release:firmware.field.uploadDate'),
      ],
    },
  });

  r.endpoint(api.delete, async ({ query }) => {
    const row = await find(query.id);
    await ctx.db.delete(firmwares).where(and(eq(firmwares.id, row.id), inChannel));
    return true as const;
  });

  r.endpoint(api.upload, ({ req }) => uploadFirmware(ctx, req));

  r.endpoint(api.verify, async ({ body }) => {
    await find(body.id);
    const [changed] = await ctx.db
      .update(firmwares)
      .set({ verifyStatus: '2', updatedAt: ctx.clock.now() })
      .where(and(eq(firmwares.id, body.id), inChannel, eq(firmwares.verifyStatus, '1')))
      .returning({ id: firmwares.id });
    if (!changed) throw refusal('firmware.not-verifiable');
    return true as const;
  });

  if (canPromote(channel)) {
    const next = NEXT_CHANNEL[channel];
    r.endpoint(firmwarePromoteApi[channel], async ({ body, session }) => {
      const row = await find(body.id);
      const { id: _id, channel: _c, createdAt: _ca, updatedAt: _ua, ...copy } = row;
      await refuseDuplicateVersion(ctx, next, { ...copy, verifyRequired: row.verifyStatus !== '0' } as unknown as FirmwareCreate);
      const now = ctx.clock.now();
      const [created] = await ctx.db
        .insert(firmwares)
        .values({
          ...copy,
          channel: next,
          versionKey: versionKey(row.versionNumber),
          fromVersionKey: row.fromVersion ? versionKey(row.fromVersion) : '',
          // A package starts its new channel unverified (unless it needs no verification), and
          // a release starts its rollout as it was: whole, unless people narrow it.
          verifyStatus: row.verifyStatus === '0' ? '0' : '1',
          createdBy: session.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: firmwares.id });
      return created!.id;
    });
  }

  otaConsoleRoutes(r, ctx, channel, api, find);
}

export default defineRoutes((r, ctx) => {
  for (const channel of ['release', 'factory', 'development'] as const) channelRoutes(r, ctx, channel);
});
