import { request } from 'node:http';
import { analyticsStoreApi, appFloorPlanApi, FLOOR_PLAN_MAX_BYTES, type FloorPlan } from '@lightdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appUserClient } from '../../../test/app-users';
import { makeStore, tenantIds } from '../../../test/stores';
import { testApp, type ApiClient, type TestApp } from '../../../test/test-app';
import { storeDevices } from '../../store';
import { heatmapSensorPlacements, storeFloorPlans } from '../schema';
import { SVG_MAX_BYTES } from './service';

let t: TestApp;
let admin: ApiClient;
let agent: ApiClient;
let platformStore: Awaited<ReturnType<typeof makeStore>>;
let agentStore: Awaited<ReturnType<typeof makeStore>>;
let storeAdmin: Awaited<ReturnType<typeof appUserClient>>;
let storeMember: Awaited<ReturnType<typeof appUserClient>>;
let sensors: { id: number; uuid: string }[];
beforeAll(async () => {
  t = await testApp();
  const tenant = await tenantIds(t);
  admin = await t.signIn('admin');
  agent = await t.signIn('agent');
  storeAdmin = await appUserClient(t, { nickname: 'Ada Admin' });
  storeMember = await appUserClient(t, { nickname: 'Max Member' });
  platformStore = await makeStore(t, {
    tenantId: tenant.platform,
    name: 'Plan Store',
    adminId: storeAdmin.user.id,
    memberIds: [storeMember.user.id],
    luminaires: 1,
  });
  agentStore = await makeStore(t, { tenantId: tenant.northwind, name: 'Agent Plan Store' });
  sensors = await t.ctx.db
    .insert(storeDevices)
    .values(
      ['Heatmap sensor A', 'Heatmap sensor B'].map((name, i) => ({
        storeId: platformStore.store.id,
        kind: 'sensor' as const,
        uuid: `plan-sensor-${i}`,
        name,
        model: 'muses',
      })),
    )
    .returning({ id: storeDevices.id, uuid: storeDevices.uuid });
});
afterAll(() => t.close());

/** A PNG header of the given size: enough for the type and size checks. */
const png = (width: number, height: number) => {
  const b = Buffer.alloc(64);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).copy(b);
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b;
};
/** A JPEG whose frame header comes after an EXIF block, as cameras write them. */
const jpeg = (width: number, height: number) => {
  const exif = Buffer.concat([Buffer.from([0xff, 0xe1, 0x01, 0x02]), Buffer.alloc(0x100)]);
  const frame = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), exif, frame, Buffer.alloc(32)]);
};
const MALICIOUS_SVG = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="1200" height="800" onload="alert(1)">
  <script>alert(2)</script>
  <rect id="shelf" x="10" y="10" width="100" height="40" onclick="alert(3)" fill="#ccc"/>
  <foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>
  <a xlink:href="javascript:alert(4)"><text x="5" y="5">Entrance</text></a>
  <image href="https://tracker.example/pixel.png" width="1" height="1"/>
</svg>`;

async function upload(c: ApiClient, storeId: number, file: Buffer | string, name: string) {
  const form = new FormData();
  form.append('file', new Blob([typeof file === 'string' ? file : new Uint8Array(file)]), name);
  const res = await fetch(new URL(`/api/v2/saas/web/analytics/stores/${storeId}/floor-plan`, c.base), {
    method: 'POST',
    headers: { authorization: `Bearer ${c.token}` },
    body: form,
  });
  return (await res.json()) as { code: number; key?: string; params?: Record<string, unknown>; data: FloorPlan };
}

describe('floor plan uploads', () => {
  test('a PNG, a JPEG and an SVG are kept with their size read from the content', async () => {
    expect(await upload(admin, platformStore.store.id, jpeg(1024, 768), 'plan.jpg')).toMatchObject({
      code: 200,
      data: { width: 1024, height: 768, contentType: 'image/jpeg' },
    });
    const svg = await upload(
      admin,
      platformStore.store.id,
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300"><rect width="4" height="3"/></svg>',
      'plan.svg',
    );
    expect(svg).toMatchObject({ code: 200, data: { width: 400, height: 300, contentType: 'image/svg+xml' } });
    const res = await upload(admin, platformStore.store.id, png(2000, 1500), 'plan.PNG');
    expect(res).toMatchObject({ code: 200, data: { width: 2000, height: 1500, contentType: 'image/png' } });
    // The link loads the picture in a browser; the replaced plans' files are gone.
    const picture = await fetch(new URL(res.data.url, t.base));
    expect(picture.status).toBe(200);
    expect(Buffer.from(await picture.arrayBuffer())).toEqual(png(2000, 1500));
    expect(await t.ctx.db.select().from(storeFloorPlans).where(eq(storeFloorPlans.storeId, platformStore.store.id))).toHaveLength(1);
    expect(await admin.send(analyticsStoreApi.floorPlan, { storeId: platformStore.store.id })).toMatchObject({
      code: 200,
      data: {
        width: 2000,
        height: 1500,
        sensors: [expect.objectContaining({ name: 'Heatmap sensor A', placed: false, x: null }), expect.objectContaining({ placed: false })],
      },
    });
  });

  test('a malicious SVG comes back cleaned', async () => {
    const res = await upload(admin, platformStore.store.id, MALICIOUS_SVG, 'evil.svg');
    expect(res).toMatchObject({ code: 200, data: { width: 1200, height: 800 } });
    const kept = await (await fetch(new URL(res.data.url, t.base))).text();
    expect(kept).toContain('<rect id="shelf"');
    expect(kept).toContain('Entrance');
    for (const gone of ['<script', 'alert', 'onload', 'onclick', 'foreignObject', 'javascript:', 'tracker.example']) expect(kept).not.toContain(gone);
  });

  test('files that are not what their name says are refused, and the plan stays', async () => {
    const before = await admin.send(analyticsStoreApi.floorPlan, { storeId: platformStore.store.id });
    const refused = { code: 400, key: 'file.type-not-allowed', params: { field: 'file' } };
    expect(await upload(admin, platformStore.store.id, png(10, 10), 'plan.svg')).toMatchObject(refused);
    expect(await upload(admin, platformStore.store.id, '<!DOCTYPE html><html><script>alert(1)</script></html>', 'plan.png')).toMatchObject(refused);
    expect(await upload(admin, platformStore.store.id, 'GIF89a', 'plan.gif')).toMatchObject({ code: 400, key: 'floor-plan.unreadable' });
    expect(await upload(admin, platformStore.store.id, '<svg xmlns="http://www.w3.org/2000/svg"><g></svg>', 'broken.svg')).toMatchObject({
      code: 400,
      key: 'floor-plan.unreadable',
    });
    const after = await admin.send(analyticsStoreApi.floorPlan, { storeId: platformStore.store.id });
    expect(after.data?.uploadedAt).toBe(before.data?.uploadedAt);
  });

  test('too large is refused, whether declared or streamed', async () => {
    // Declared: the server answers from the headers, before reading the body.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL(`/api/v2/saas/web/analytics/stores/${platformStore.store.id}/floor-plan`, t.base);
      const req = request(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${admin.token}`,
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(FLOOR_PLAN_MAX_BYTES + 2 * 1024 * 1024),
        },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      });
      req.on('error', reject);
      req.write('--x\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\n\r\n');
    });
    expect(JSON.parse(answer.body)).toMatchObject({ code: 400, key: 'file.too-large', params: { field: 'file', size: 100 } });
    // Streamed: an SVG is read into memory to be cleaned, so its own, smaller limit proves the streamed refusal.
    const big = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${' '.repeat(SVG_MAX_BYTES)}</svg>`;
    expect(await upload(admin, platformStore.store.id, big, 'big.svg')).toMatchObject({ code: 400, key: 'file.too-large', params: { field: 'file' } });
  });

  test("agents see and change only their own stores' plans: another tenant's store is 404 and nothing changes", async () => {
    const before = await t.ctx.db.select().from(storeFloorPlans).where(eq(storeFloorPlans.storeId, platformStore.store.id));
    expect(await upload(agent, platformStore.store.id, png(5, 5), 'plan.png')).toMatchObject({ code: 404 });
    expect(await agent.send(analyticsStoreApi.floorPlan, { storeId: platformStore.store.id })).toMatchObject({ code: 404 });
    expect(await t.ctx.db.select().from(storeFloorPlans).where(eq(storeFloorPlans.storeId, platformStore.store.id))).toEqual(before);
    expect(await agent.send(analyticsStoreApi.floorPlan, { storeId: agentStore.store.id })).toMatchObject({ code: 200, data: null });
    expect(await upload(agent, agentStore.store.id, png(30, 20), 'plan.png')).toMatchObject({ code: 200, data: { width: 30, height: 20, sensors: [] } });
  });
});

describe('sensor alignment in the app', () => {
  const meshId = () => platformStore.store.meshId;
  const placement = { x: 0.25, y: 0.5, rotation: 90 as const, scale: 0.3 };

  test('the store admin aligns a sensor; the console and the app show it placed', async () => {
    const res = await storeAdmin.client.send(appFloorPlanApi.placeSensor, { meshId: meshId(), uuid: sensors[0]!.uuid, ...placement });
    expect(res).toMatchObject({ code: 200, data: { storeDeviceId: sensors[0]!.id, placed: true, ...placement } });
    const seen = await admin.send(analyticsStoreApi.floorPlan, { storeId: platformStore.store.id });
    expect(seen.data?.sensors).toEqual([
      expect.objectContaining({ uuid: sensors[0]!.uuid, placed: true, x: 0.25, y: 0.5, rotation: 90, scale: 0.3 }),
      expect.objectContaining({ uuid: sensors[1]!.uuid, placed: false, x: null, rotation: null }),
    ]);
    expect((await storeMember.client.send(appFloorPlanApi.get, { meshId: meshId() })).data?.sensors[0]).toMatchObject({ placed: true });
  });

  test('a member may look but not align: refused with a message key, nothing changed', async () => {
    const res = await storeMember.client.send(appFloorPlanApi.placeSensor, { meshId: meshId(), uuid: sensors[1]!.uuid, ...placement });
    expect(res).toMatchObject({ code: 403, key: 'store.admin-only' });
    expect(await t.ctx.db.select().from(heatmapSensorPlacements).where(eq(heatmapSensorPlacements.storeDeviceId, sensors[1]!.id))).toEqual([]);
  });

  test('outsiders, luminaires and bad values are refused', async () => {
    const stranger = await appUserClient(t);
    expect(await stranger.client.send(appFloorPlanApi.get, { meshId: meshId() })).toMatchObject({ code: 404 });
    const [luminaire] = await t.ctx.db.select().from(storeDevices).where(eq(storeDevices.storeId, platformStore.store.id));
    const onLuminaire = await storeAdmin.client.send(appFloorPlanApi.placeSensor, { meshId: meshId(), uuid: luminaire!.uuid, ...placement });
    expect(onLuminaire).toMatchObject({ code: 555, key: 'floor-plan.not-a-sensor' });
    const off = await storeAdmin.client.put(`/open/app/stores/${meshId()}/floor-plan/sensors/${sensors[1]!.uuid}`, { ...placement, x: 1.5 });
    expect(off).toMatchObject({ code: 400, params: { field: 'x' } });
    const turned = await storeAdmin.client.put(`/open/app/stores/${meshId()}/floor-plan/sensors/${sensors[1]!.uuid}`, { ...placement, rotation: 45 });
    expect(turned).toMatchObject({ code: 400, params: { field: 'rotation' } });
  });
});
