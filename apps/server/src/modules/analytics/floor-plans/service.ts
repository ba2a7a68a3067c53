import { extname } from 'node:path';
import { Readable } from 'node:stream';
import {
  FILE_TYPES,
  FLOOR_PLAN_MAX_BYTES,
  FLOOR_PLAN_TYPES,
  ResultCode,
  SNIFF_BYTES,
  sniffFileType,
  type FloorPlan,
  type FloorPlanSensor,
  type SensorPlacement,
} from '@lightdesk/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext, Session } from '../../../lib/context';
import { AppError, badInput, notFound, refusal } from '../../../lib/errors';
import { countOf } from '../../../lib/sql';
import { fileTooLarge, fileTypeNotAllowed } from '../../../lib/storage';
import { storeDevices, stores, storeTenancy } from '../../store';
import { heatmapSensorPlacements, storeFloorPlans } from '../schema';
import { cleanSvg, rasterSize, type PictureSize } from './picture';

/** An SVG is parsed whole in memory to be cleaned: a floor plan drawing is far smaller than this. */
export const SVG_MAX_BYTES = 20 * 1024 * 1024;
/** JPEG keeps its size after its metadata (EXIF, colour profiles): this much of the start is read for it. */
const RASTER_HEAD_BYTES = 1024 * 1024;
/** Plan links live about an hour: long enough to look at the plan, short enough not to be a way in. */
const LINK_SECONDS = 3600;

const unreadable = () => new AppError(ResultCode.badInput, 'floor-plan.unreadable', { field: 'file' });

/** A store the staff member sees (agents' staff: their own tenant's); 404 otherwise, as if it did not exist. */
export async function visibleStore(ctx: AppContext, session: Session, storeId: number) {
  const [store] = await ctx.db
    .select({ id: stores.id, tenantId: stores.tenantId })
    .from(stores)
    .where(and(eq(stores.id, storeId), storeTenancy(session, stores.tenantId)));
  if (!store) throw notFound();
  return store;
}

/** The store's plan with every sensor of the store and its placement; null without a plan. */
export async function floorPlanOf(ctx: AppContext, storeId: number): Promise<FloorPlan | null> {
  const [plan] = await ctx.db.select().from(storeFloorPlans).where(eq(storeFloorPlans.storeId, storeId));
  if (!plan) return null;
  const sensors = await ctx.db
    .select({
      storeDeviceId: storeDevices.id,
      uuid: storeDevices.uuid,
      name: storeDevices.name,
      x: heatmapSensorPlacements.x,
      y: heatmapSensorPlacements.y,
      rotation: heatmapSensorPlacements.rotation,
      scale: heatmapSensorPlacements.scale,
      updatedAt: heatmapSensorPlacements.updatedAt,
    })
    .from(storeDevices)
    .leftJoin(heatmapSensorPlacements, eq(heatmapSensorPlacements.storeDeviceId, storeDevices.id))
    .where(and(eq(storeDevices.storeId, storeId), eq(storeDevices.kind, 'sensor')))
    .orderBy(asc(storeDevices.name), asc(storeDevices.id));
  return {
    url: await ctx.files.links.link(plan.fileKey, LINK_SECONDS),
    contentType: plan.contentType,
    width: plan.width,
    height: plan.height,
    uploadedAt: plan.uploadedAt.toISOString(),
    sensors: sensors.map(sensorOf),
  };
}

const sensorOf = (s: {
  storeDeviceId: number;
  uuid: string;
  name: string;
  x: number | null;
  y: number | null;
  rotation: number | null;
  scale: number | null;
  updatedAt: Date | null;
}): FloorPlanSensor => ({
  ...s,
  placed: s.x !== null,
  rotation: s.rotation as FloorPlanSensor['rotation'],
  updatedAt: s.updatedAt?.toISOString() ?? null,
});

/** Reads a stream's chunks until `limit` bytes (refused beyond it). */
async function readAll(chunks: AsyncIterator<Buffer>, first: Buffer[], limit: number): Promise<Buffer> {
  const all = [...first];
  let size = first.reduce((n, c) => n + c.length, 0);
  for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
    size += next.value.length;
    if (size > limit) throw fileTooLarge(limit);
    all.push(next.value);
  }
  if (size > limit) throw fileTooLarge(limit);
  return Buffer.concat(all);
}

/**
 * Keeps an uploaded floor plan and makes it the store's. The type is read from the content and
 * must agree with the file's name (a PNG named .svg is refused: the browser would treat it as the
 * name says). An SVG is cleaned before it is kept, so the stored file is never the script-bearing
 * original; a raster picture streams into storage, its first bytes giving its size.
 */
export async function uploadFloorPlan(ctx: AppContext, session: Session, storeId: number, req: FastifyRequest): Promise<FloorPlan> {
  const store = await visibleStore(ctx, session, storeId);
  if (!req.isMultipart()) throw badInput('file', 'send the floor plan as multipart/form-data');
  // The multipart reader streams whatever comes: a body declared larger than the route takes is refused before it is read.
  if (Number(req.headers['content-length'] ?? 0) > req.routeOptions.bodyLimit) throw fileTooLarge(FLOOR_PLAN_MAX_BYTES);
  // One byte over the limit reaches the checks, which refuse it; the parser never reads further.
  const part = await req.file({ limits: { fileSize: FLOOR_PLAN_MAX_BYTES + 1 } });
  if (!part) throw badInput('file', 'is required');
  const chunks = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first: Buffer[] = [];
  let headBytes = 0;
  while (headBytes < SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done) break;
    first.push(next.value);
    headBytes += next.value.length;
  }
  const type = sniffFileType(Buffer.concat(first).subarray(0, SNIFF_BYTES), FLOOR_PLAN_TYPES);
  if (!type || !FILE_TYPES[type].extensions.includes(extname(part.filename).toLowerCase())) throw fileTypeNotAllowed(FLOOR_PLAN_TYPES);

  let size: PictureSize | null;
  let stored;
  if (type === 'svg') {
    const cleaned = cleanSvg((await readAll(chunks, first, SVG_MAX_BYTES)).toString('utf8'));
    if (!cleaned?.size) throw unreadable();
    size = cleaned.size;
    stored = await ctx.files.storage.put(Readable.from([Buffer.from(cleaned.svg, 'utf8')]), { maxBytes: FLOOR_PLAN_MAX_BYTES, types: ['svg'] });
  } else {
    let head = Buffer.alloc(0);
    const keepHead = (chunk: Buffer) => {
      if (head.length < RASTER_HEAD_BYTES) head = Buffer.concat([head, chunk]).subarray(0, RASTER_HEAD_BYTES);
      return chunk;
    };
    // The chunks read to sniff the type go first, then the rest of the stream.
    const source = async function* () {
      for (const chunk of first) yield keepHead(chunk);
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield keepHead(next.value);
    };
    stored = await ctx.files.storage.put(source(), { maxBytes: FLOOR_PLAN_MAX_BYTES, types: [type] });
    size = rasterSize(type as 'jpg' | 'png' | 'gif', head);
    if (!size) throw unreadable();
  }

  const now = ctx.clock.now();
  const plan = { fileKey: stored.key, contentType: stored.contentType, ...size, uploadedAt: now, uploadedBy: session.userId };
  // The plan's previous picture is left to the storage sweep: another store's plan may be the same picture.
  await ctx.db
    .insert(storeFloorPlans)
    .values({ storeId: store.id, tenantId: store.tenantId, ...plan })
    .onConflictDoUpdate({ target: storeFloorPlans.storeId, set: plan });
  return (await floorPlanOf(ctx, store.id))!;
}

/** Saves where one sensor of the store lies on its plan. The caller has checked who may. */
export async function placeSensor(
  ctx: AppContext,
  appUserId: number,
  store: { id: number; tenantId: number },
  uuid: string,
  at: SensorPlacement,
): Promise<FloorPlanSensor> {
  const [device] = await ctx.db
    .select({ id: storeDevices.id, kind: storeDevices.kind })
    .from(storeDevices)
    .where(and(eq(storeDevices.storeId, store.id), eq(storeDevices.uuid, uuid)));
  if (!device) throw notFound();
  if (device.kind !== 'sensor') throw refusal('floor-plan.not-a-sensor');
  const [plan] = await ctx.db.select({ n: countOf }).from(storeFloorPlans).where(eq(storeFloorPlans.storeId, store.id));
  if (!plan?.n) throw refusal('floor-plan.missing');
  const values = { ...at, updatedAt: ctx.clock.now(), updatedBy: appUserId };
  await ctx.db
    .insert(heatmapSensorPlacements)
    .values({ storeDeviceId: device.id, storeId: store.id, tenantId: store.tenantId, ...values })
    .onConflictDoUpdate({ target: heatmapSensorPlacements.storeDeviceId, set: values });
  const placed = (await floorPlanOf(ctx, store.id))!.sensors.find((s) => s.storeDeviceId === device.id);
  return placed!;
}
