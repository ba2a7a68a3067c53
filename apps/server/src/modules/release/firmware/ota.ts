import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { otaApi, Text, type FirmwareApi, type FirmwareChannel, type OtaOffer, type OtaStep } from '@lightdesk/contract';
import { and, desc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../../lib/context';
import { notFound, Throttled } from '../../../lib/errors';
import { contains } from '../../../lib/filters';
import { signingKey } from '../../../lib/keys';
import { defineRoutes, SENT, type RouteBuilder } from '../../../lib/routes';
import { countOf, rowsOf } from '../../../lib/sql';
import { LINK_SIGNATURE, sendStoredFile } from '../../../lib/storage';
import { senderOf } from '../../device';
import { storeDevices } from '../../store';
import { claimDownload, DOWNLOAD_RETRY_SECONDS } from './downloads';
import { firmwares, otaProgress } from './schema';
import { versionKey } from './version';

/** Who asks: its name for the history, the store it is in (for a rollout to stores), and its rollout bucket. */
export interface Asker {
  device: string;
  storeId: number | null;
}

/**
 * A device's place in a percentage rollout: 0–99, from a hash of its name. The same for every
 * package, so raising a rollout from 10 % to 30 % keeps the first 10 % in, and the devices that
 * try new firmware first are always the same few (a stable canary group).
 */
export const rolloutBucket = (device: string) => createHash('sha256').update(device).digest().readUInt32BE(0) % 100;

/** How long a download link lasts: long enough to start, short enough that a leaked link soon dies. */
const LINK_SECONDS = 15 * 60;
const LINK_KEY = 'ota-links';

const linkSignature = async (ctx: AppContext, firmwareId: number, device: string, expires: number) =>
  createHmac('sha256', await signingKey(ctx.db, LINK_KEY))
    .update(`${firmwareId}\n${device}\n${expires}`)
    .digest('base64url');

/** A download link bound to the firmware and the device that was offered it. */
async function downloadLink(ctx: AppContext, firmwareId: number, device: string) {
  const expires = Math.floor(ctx.clock.now().getTime() / 1000) + LINK_SECONDS;
  const signature = await linkSignature(ctx, firmwareId, device, expires);
  return `/open/ota/download/${firmwareId}?${new URLSearchParams({ device, expires: String(expires), [LINK_SIGNATURE]: signature }).toString()}`;
}

/**
 * The newest package offered to a device of this type, channel and module above its current
 * version: a full package, or a sub-package made for exactly its current version (at the same
 * version the smaller sub-package wins). On the release channel only packages verified or
 * needing no verification, whose rollout is not paused and includes the device: every device,
 * the chosen stores, or the devices whose bucket is under the percentage.
 */
export async function offerFor(
  ctx: AppContext,
  ask: { firmwareType: string; channel: FirmwareChannel; module: string; currentVersion: string },
  asker: Asker,
): Promise<OtaOffer> {
  const current = versionKey(ask.currentVersion);
  const released: SQL | undefined =
    ask.channel === 'release'
      ? and(
          sql`${firmwares.verifyStatus} in ('0', '2')`,
          eq(firmwares.rolloutPaused, false),
          or(
            eq(firmwares.rolloutTarget, 'all'),
            asker.storeId === null ? undefined : and(eq(firmwares.rolloutTarget, 'stores'), sql`${asker.storeId}::int = any(${firmwares.rolloutStoreIds})`),
            and(eq(firmwares.rolloutTarget, 'percent'), gt(firmwares.rolloutPercent, rolloutBucket(asker.device))),
          ),
        )
      : undefined;
  const [row] = await ctx.db
    .select()
    .from(firmwares)
    .where(
      and(
        eq(firmwares.firmwareType, ask.firmwareType),
        eq(firmwares.channel, ask.channel),
        eq(firmwares.module, ask.module),
        gt(firmwares.versionKey, current),
        or(eq(firmwares.packageType, 'full'), eq(firmwares.fromVersionKey, current)),
        released,
      ),
    )
    .orderBy(desc(firmwares.versionKey), sql`${firmwares.packageType} = 'sub' desc`, desc(firmwares.id))
    .limit(1);
  if (!row) return { update: false };
  return {
    update: true,
    firmwareId: row.id,
    versionNumber: row.versionNumber,
    packageType: row.packageType as 'full' | 'sub',
    fromVersion: row.fromVersion,
    isForceUpdate: row.isForceUpdate,
    size: row.size,
    signatureAlgorithm: row.signatureAlgorithm as 'none' | 'md5' | 'sha256',
    digest: row.signatureAlgorithm === 'md5' ? row.md5 : row.signatureAlgorithm === 'sha256' ? row.sha256 : '',
    md5: row.md5,
    sha256: row.sha256,
    contentZh: row.contentZh,
    contentEn: row.contentEn,
    firmwareJson: row.firmwareJson,
    url: await downloadLink(ctx, row.id, asker.device),
  };
}

/** The caller of a device request, or a luminaire behind it (by uuid, in the gateway's store when it is one). */
async function askerOf(ctx: AppContext, req: object, luminaire: string | undefined): Promise<Asker> {
  const sender = senderOf(req)!;
  if (!luminaire) return { device: `${sender.productKey}/${sender.deviceName}`, storeId: sender.storeId };
  const [found] = await ctx.db.select({ storeId: storeDevices.storeId }).from(storeDevices).where(eq(storeDevices.uuid, luminaire));
  return { device: luminaire, storeId: found?.storeId ?? sender.storeId };
}

const DownloadQuery = z.object({
  device: Text(200).min(1),
  expires: Text(13)
    .regex(/^[1-9][0-9]*$/)
    .transform(Number),
  signature: Text(100).min(1),
});

export const otaDeviceRoutes = defineRoutes((r, ctx) => {
  r.endpoint(otaApi.check, async ({ query, req }) => offerFor(ctx, query, await askerOf(ctx, req, query.device)));

  r.endpoint(otaApi.progress, async ({ body, req }) => {
    const asker = await askerOf(ctx, req, body.device);
    const [known] = await ctx.db.select({ id: firmwares.id }).from(firmwares).where(eq(firmwares.id, body.firmwareId));
    if (!known) throw notFound();
    await ctx.db.insert(otaProgress).values({
      firmwareId: body.firmwareId,
      device: asker.device,
      step: body.step,
      reason: body.reason ?? '',
      percent: body.percent ?? null,
      createdAt: ctx.clock.now(),
    });
    return true as const;
  });

  // The signed link is the credential (a device's HTTP client resumes with plain GETs), bound to
  // the device it was offered to and short-lived; hence public.
  r.get(
    '/open/ota/download/:id',
    {
      public: true,
      params: z.object({ id: z.coerce.number().int().min(1).max(2147483647) }),
      query: DownloadQuery,
      summary: 'Download an offered firmware (signed link; Range to resume)',
    },
    async ({ params, query, req, reply }) => {
      const left = query.expires - Math.floor(ctx.clock.now().getTime() / 1000);
      const expected = Buffer.from(await linkSignature(ctx, params.id, query.device, query.expires));
      const given = Buffer.from(query.signature);
      if (left <= 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) {
        void reply.code(403).send({ status: 403, key: 'file.link-invalid' });
        return SENT;
      }
      const [row] = await ctx.db.select({ fileKey: firmwares.fileKey }).from(firmwares).where(eq(firmwares.id, params.id));
      const file = row && (await ctx.files.storage.stat(row.fileKey));
      if (!file) {
        void reply.code(404).send({ status: 404, key: 'common.not-found' });
        return SENT;
      }
      const download = await claimDownload(ctx, query.device);
      if (!download) throw new Throttled(429, DOWNLOAD_RETRY_SECONDS);
      let streaming = false;
      try {
        // Firmware goes out as bytes whatever it is, never as a type a browser might act on.
        const sent = await sendStoredFile(
          ctx.files.storage,
          { ...file, contentType: 'application/octet-stream' },
          req,
          reply,
          { 'cache-control': 'private, no-store' },
          (body) => {
            streaming = true;
            return download.sending(body);
          },
        );
        if (!sent) void reply.code(404).send({ status: 404, key: 'common.not-found' });
      } finally {
        if (!streaming) await download.end();
      }
      return SENT;
    },
  );
});

/** The console's view of the updates: counts per step, each device's history, and "check as a device". */
export function otaConsoleRoutes(r: RouteBuilder, ctx: AppContext, channel: FirmwareChannel, api: FirmwareApi, find: (id: number) => Promise<unknown>) {
  r.endpoint(api.otaSummary, async ({ query }) => {
    await find(query.id);
    return rowsOf<{ step: OtaStep; devices: number }>(
      ctx.db,
      sql`select step, count(*)::int as devices from (
            select distinct on (device) device, step from ota_progress where firmware_id = ${query.id} order by device, id desc
          ) latest group by step order by step`,
    );
  });

  r.endpoint(api.otaHistory, async ({ query }) => {
    await find(query.id);
    const where = and(eq(otaProgress.firmwareId, query.id), contains(otaProgress.device, query.device));
    const [count] = await ctx.db.select({ total: countOf }).from(otaProgress).where(where);
    const list = await ctx.db
      .select({
        id: otaProgress.id,
        device: otaProgress.device,
        step: otaProgress.step,
        reason: otaProgress.reason,
        percent: otaProgress.percent,
        createdAt: otaProgress.createdAt,
      })
      .from(otaProgress)
      .where(where)
      .orderBy(desc(otaProgress.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    return { list: list as { id: number; device: string; step: OtaStep; reason: string; percent: number | null; createdAt: Date }[], total: count?.total ?? 0 };
  });

  r.endpoint(api.tryCheck, async ({ query }) =>
    offerFor(ctx, { ...query, channel }, { device: query.device || 'console-check', storeId: query.storeId ?? null }),
  );
}
