import {
  APK_MAX_BYTES,
  appOpenApi,
  appVersionApi,
  defaultScope,
  DictType,
  RELEASE_PLATFORMS,
  ResultCode,
  versionSortKey,
  type AppVersionQuery,
  type AppVersionValues,
  type ReleasePlatform,
} from '@lightdesk/contract';
import { and, asc, desc, eq, gt, lte, ne } from 'drizzle-orm';
import type { AppContext } from '../../../lib/context';
import { AppError, badInput, notFound } from '../../../lib/errors';
import { contains, equals } from '../../../lib/filters';
import { resourceRoutes, type ResourceEndpoints, type RowOf } from '../../../lib/resource';
import { defineRoutes, type RouteBuilder } from '../../../lib/routes';
import { readSetting } from '../../system';
import { appVersions } from './schema';
import { column, dayColumn, dictColumn, labelColumn } from '../../../lib/excel';

const columns = {
  id: appVersions.id,
  platform: appVersions.platform,
  versionNumber: appVersions.versionNumber,
  uploadDate: appVersions.uploadDate,
  contentZh: appVersions.contentZh,
  contentEn: appVersions.contentEn,
  scope: appVersions.scope,
  brand: appVersions.brand,
  isForceUpdate: appVersions.isForceUpdate,
  current: appVersions.current,
  fileKey: appVersions.fileKey,
  fileSize: appVersions.fileSize,
  fileMd5: appVersions.fileMd5,
  storeUrl: appVersions.storeUrl,
  createdAt: appVersions.createdAt,
  updatedAt: appVersions.updatedAt,
};
type AppVersionRow = RowOf<typeof columns>;
/** Android and iOS versions differ in one field (the APK or the store link): one resource serves both. */
type AppVersionEndpoints = ResourceEndpoints<AppVersionQuery, AppVersionValues, AppVersionValues & { id: number }>;

/** How long a download link lasts: a day, enough to start a download from the page or the app. */
const DOWNLOAD_LINK_SECONDS = 86_400;

/** Where a version is downloaded: a signed link to its APK, or its App Store page. */
const downloadUrl = (ctx: AppContext, row: Pick<AppVersionRow, 'fileKey' | 'storeUrl'>) =>
  row.fileKey ? ctx.files.links.link(row.fileKey, DOWNLOAD_LINK_SECONDS) : Promise.resolve(row.storeUrl);

/** The current version of a platform and brand, if one is published. */
const currentOf = async (ctx: AppContext, platform: ReleasePlatform, brand: string) => {
  const [row] = await ctx.db
    .select(columns)
    .from(appVersions)
    .where(and(eq(appVersions.platform, platform), eq(appVersions.brand, brand), eq(appVersions.current, true)));
  return row;
};

/** The routes of one platform: the resource, the switch of the current version and (Android) the APK upload. */
function platformRoutes(r: RouteBuilder, ctx: AppContext, platform: ReleasePlatform) {
  const api = appVersionApi[platform];
  const resourceApi: AppVersionEndpoints = api;
  const ofPlatform = eq(appVersions.platform, platform);

  resourceRoutes(r, ctx, {
    api: resourceApi,
    table: appVersions,
    id: appVersions.id,
    tenancy: { platform: true },
    columns,
    filters: (q) => [
      ofPlatform,
      contains(appVersions.versionNumber, q.versionNumber),
      equals(appVersions.brand, q.brand),
      equals(appVersions.scope, q.scope),
      equals(appVersions.isForceUpdate, q.isForceUpdate),
    ],
    sortable: { versionNumber: appVersions.versionSort, uploadDate: appVersions.uploadDate, brand: appVersions.brand, createdAt: appVersions.createdAt },
    defaultSort: [asc(appVersions.brand), desc(appVersions.versionSort), desc(appVersions.id)],
    validate: async ({ db, files }, _session, values, id) => {
      const v = values;
      if (id) {
        // Another platform's version is not found here, and the brand of the current one is fixed:
        // it would otherwise leave its brand without a current version, or give the new one two.
        const [row] = await db
          .select({ brand: appVersions.brand, current: appVersions.current })
          .from(appVersions)
          .where(and(eq(appVersions.id, id), ofPlatform));
        if (!row) throw notFound();
        if (row.current && row.brand !== v.brand) throw new AppError(ResultCode.conflict, 'app-version.current-brand-locked', { field: 'brand' });
      }
      // 1.0 and 1.0.0 are one version: compared by the sortable form, not the text.
      const [clash] = await db
        .select({ id: appVersions.id })
        .from(appVersions)
        .where(
          and(
            ofPlatform,
            eq(appVersions.brand, v.brand),
            eq(appVersions.versionSort, versionSortKey(v.versionNumber)),
            id ? ne(appVersions.id, id) : undefined,
          ),
        );
      if (clash) throw new AppError(ResultCode.conflict, 'common.duplicate', { field: 'versionNumber' });
      if ('fileKey' in v) {
        const stored = await files.storage.stat(v.fileKey);
        if (!stored) throw new AppError(ResultCode.badInput, 'app-version.apk-unknown', { field: 'fileKey' });
      }
    },
    toRow: async (values, session) => {
      const v = values;
      const apk = 'fileKey' in v ? await ctx.files.storage.stat(v.fileKey) : null;
      return {
        ...v,
        platform,
        scope: v.scope ?? defaultScope(platform),
        versionSort: versionSortKey(v.versionNumber),
        ...(apk && { fileSize: apk.size, fileMd5: apk.md5 }),
        ...(!('id' in v) && { createdBy: session.userId }),
      };
    },
    inUse: async ({ db }, _session, id) => {
      const [row] = await db
        .select({ current: appVersions.current })
        .from(appVersions)
        .where(and(eq(appVersions.id, id), ofPlatform));
      if (!row) throw notFound();
      return row.current ? 'app-version.current-not-deletable' : undefined;
    },
    excel: {
      file: `app-versions-${platform}`,
      columns: [
        column<AppVersionRow>('versionNumber', 'release:app.field.versionNumber'),
        dictColumn<AppVersionRow>('brand', 'release:app.field.brand', DictType.brand),
        dictColumn<AppVersionRow>('scope', 'release:app.field.scope', DictType.appScope),
        dayColumn<AppVersionRow>('uploadDate', 'release:app.field.uploadDate'),
        labelColumn<AppVersionRow>('isForceUpdate', 'release:app.field.isForceUpdate', (a) =>
          a.isForceUpdate ? 'release:app.forced' : 'release:app.notForced',
        ),
        labelColumn<AppVersionRow>('current', 'release:app.current', (a) => (a.current ? 'release:firmware.yes' : 'release:firmware.no')),
        column<AppVersionRow>('contentZh', 'release:app.field.contentZh'),
        column<AppVersionRow>('contentEn', 'release:app.field.contentEn'),
        column<AppVersionRow>('storeUrl', 'release:app.field.storeUrl'),
        column<AppVersionRow>('fileMd5', 'release:app.field.fileMd5'),
      ],
    },
  });

  r.endpoint(api.setCurrent, async ({ body }) => {
    await ctx.db.transaction(async (tx) => {
      const [target] = await tx
        .select({ brand: appVersions.brand })
        .from(appVersions)
        .where(and(eq(appVersions.id, body.id), ofPlatform));
      if (!target) throw notFound();
      // Every version of the platform and brand is locked first, so a second switch at the same
      // time waits here and then sees this one's result: it clears it rather than adding a second
      // current (which the partial unique index would refuse anyway).
      await tx
        .select({ id: appVersions.id })
        .from(appVersions)
        .where(and(ofPlatform, eq(appVersions.brand, target.brand)))
        .for('update');
      await tx
        .update(appVersions)
        .set({ current: false, updatedAt: ctx.clock.now() })
        .where(and(ofPlatform, eq(appVersions.brand, target.brand), eq(appVersions.current, true), ne(appVersions.id, body.id)));
      await tx.update(appVersions).set({ current: true, updatedAt: ctx.clock.now() }).where(eq(appVersions.id, body.id));
    });
    return true;
  });

  if ('upload' in api) {
    // Streamed to storage, which checks the content and the size; the body limit is only the outer bound.
    r.endpoint(api.upload, async ({ req }) => {
      if (!req.isMultipart()) throw badInput('file', 'send the APK as multipart/form-data');
      const maxBytes = Math.min(APK_MAX_BYTES, (await readSetting(ctx.db, 'upload.max-size-mb')) * 1024 * 1024);
      const part = await req.file({ limits: { fileSize: maxBytes + 1 } });
      if (!part) throw badInput('file', 'required');
      const stored = await ctx.files.storage.put(part.file, { maxBytes, types: ['apk'] });
      return { fileKey: stored.key, size: stored.size, md5: stored.md5 };
    });
  }
}

export default defineRoutes((r, ctx) => {
  for (const platform of RELEASE_PLATFORMS) platformRoutes(r, ctx, platform);

  r.endpoint(appOpenApi.checkUpdate, async ({ query }) => {
    const current = await currentOf(ctx, query.platform, query.brand);
    const mine = versionSortKey(query.version);
    if (!current || versionSortKey(current.versionNumber) <= mine) return { update: false as const };
    // A forced version the caller skipped forces the update too: it fixed something the app needs.
    const [forced] = await ctx.db
      .select({ id: appVersions.id })
      .from(appVersions)
      .where(
        and(
          eq(appVersions.platform, query.platform),
          eq(appVersions.brand, query.brand),
          eq(appVersions.isForceUpdate, true),
          gt(appVersions.versionSort, mine),
          lte(appVersions.versionSort, versionSortKey(current.versionNumber)),
        ),
      )
      .limit(1);
    return {
      update: true as const,
      latestVersion: current.versionNumber,
      forceUpdate: !!forced,
      downloadUrl: await downloadUrl(ctx, current),
      content: { zh: current.contentZh, en: current.contentEn },
    };
  });

  r.endpoint(appOpenApi.downloads, async ({ query }) => {
    const rows = await ctx.db
      .select(columns)
      .from(appVersions)
      .where(and(eq(appVersions.brand, query.brand), eq(appVersions.current, true)));
    const ordered = RELEASE_PLATFORMS.flatMap((p) => rows.filter((row) => row.platform === p));
    return Promise.all(
      ordered.map(async (row) => ({
        platform: row.platform as ReleasePlatform,
        versionNumber: row.versionNumber,
        uploadDate: row.uploadDate,
        downloadUrl: await downloadUrl(ctx, row),
        content: { zh: row.contentZh, en: row.contentEn },
      })),
    );
  });
});
