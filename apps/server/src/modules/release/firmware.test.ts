import { createHash, randomBytes } from 'node:crypto';
import { firmwareApis, firmwarePromoteApi, otaApi, type FirmwareCreate, type FirmwareUploaded, type OtaOffer } from '@lightdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { storeWithGateway } from '../../test/devices';
import { sweepFiles } from '../../test/files';
import { tenantIds } from '../../test/stores';
import { HEARTBEAT_MS } from '../../lib/cluster/membership';
import { testApp, type ApiClient, type TestApp } from '../../test/test-app';
import { DOWNLOAD_RETRY_SECONDS, MAX_DOWNLOADS_PER_DEVICE } from './firmware/downloads';
import { offerFor } from './firmware/ota';
import { firmwares, otaDownloads } from './firmware/schema';

let t: TestApp;
let admin: ApiClient;
let agent: ApiClient;
beforeAll(async () => {
  // A member of the servers on its database, as a started server is: downloads are counted per device across them.
  t = await testApp({ MQTT_PORT: '0' });
  await t.connections.start();
  admin = await t.signIn('admin');
  await t.grant('agent', ['firmware:development:query', 'firmware:development:create']);
  agent = await t.signIn('agent');
});
afterAll(async () => {
  await t.connections.stop();
  await t.close();
});

const dev = firmwareApis.development;
const rel = firmwareApis.release;
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
/** A firmware image: a vendor header and random bytes. */
const image = (size = 4096) => Buffer.concat([Buffer.from([0xe9, 0x03, 0x02, 0x20]), randomBytes(size - 4)]);

async function upload(c: ApiClient, file: Buffer, fields: Record<string, string> = {}, channel = 'development', name = 'fw.bin') {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(file)]), name);
  const res = await fetch(new URL(`/api/firmware/${channel}/upload`, c.base), { method: 'POST', headers: { authorization: `Bearer ${c.token}` }, body: form });
  return (await res.json()) as { code: number; data: FirmwareUploaded; egMsg?: string; params?: Record<string, string>; key?: string };
}

let version = 0;
const firmware = (fileKey: string, over: Partial<FirmwareCreate> = {}): FirmwareCreate => ({
  name: 'Meta2 main',
  versionNumber: `1.0.${++version}`,
  firmwareType: 'meta2',
  module: 'default',
  contentZh: '修复问题',
  contentEn: 'Fixes',
  isForceUpdate: false,
  packageType: 'full',
  fromVersion: '',
  signatureAlgorithm: 'sha256',
  firmwareJson: '{"hw":"v2"}',
  fileKey,
  verifyRequired: true,
  rolloutTarget: 'all',
  rolloutStoreIds: [],
  rolloutPercent: 100,
  rolloutPaused: false,
  ...over,
});

describe('upload', () => {
  test('computes size and digests, and accepts matching declared digests', async () => {
    const file = image();
    const res = await upload(admin, file, { sha256: sha256(file), md5: md5(file) });
    expect(res.code, res.egMsg).toBe(200);
    expect(res.data).toEqual({ fileKey: sha256(file), size: file.length, md5: md5(file), sha256: sha256(file), name: 'fw.bin' });
    expect(await t.ctx.files.storage.stat(res.data.fileKey)).not.toBeNull();
  });

  test('a declared digest that does not match is refused naming the field, and the file is not kept', async () => {
    const file = image();
    const res = await upload(admin, file, { sha256: sha256(Buffer.from('other')) });
    expect(res.code).toBe(400);
    expect(res.params?.field).toBe('sha256');
    const res2 = await upload(admin, file, { md5: md5(Buffer.from('other')) });
    expect(res2.params?.field).toBe('md5');
    await sweepFiles(t);
    expect(await t.ctx.files.storage.stat(sha256(file))).toBeNull();
  });

  test('refuses what is plainly no firmware', async () => {
    for (const bad of [
      Buffer.from('<!DOCTYPE html><html><script>alert(1)</script>'),
      Buffer.from('#!/bin/sh\nrm -rf /'),
      Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), randomBytes(100)]),
      Buffer.concat([Buffer.from('MZ'), randomBytes(100)]),
      Buffer.concat([Buffer.from('%PDF-1.7'), randomBytes(100)]),
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(100)]),
      Buffer.alloc(0),
    ]) {
      const res = await upload(admin, bad);
      expect(res.code, bad.subarray(0, 10).toString()).toBe(400);
      expect(await t.ctx.files.storage.stat(sha256(bad))).toBeNull();
    }
  });

  test('agents and people without the permission are refused', async () => {
    expect((await upload(agent, image())).code).toBe(403);
    const nobody = await fetch(new URL('/api/firmware/development/upload', t.base), { method: 'POST' });
    expect([401, 200]).toContain(nobody.status);
    expect(((await nobody.json()) as { code: number }).code).toBe(401);
  });
});

describe('firmware records', () => {
  test('create needs a file, both contents, a version and valid JSON, naming the field', async () => {
    const { data } = await upload(admin, image());
    const cases: [Partial<FirmwareCreate>, string][] = [
      [{ fileKey: '' }, 'fileKey'],
      [{ contentZh: '' }, 'contentZh'],
      [{ contentEn: '' }, 'contentEn'],
      [{ versionNumber: '1.x' }, 'versionNumber'],
      [{ versionNumber: '1.2.3.4.5' }, 'versionNumber'],
      [{ firmwareJson: '{oops' }, 'firmwareJson'],
      [{ firmwareType: '' }, 'firmwareType'],
      [{ packageType: 'sub', fromVersion: '' }, 'fromVersion'],
    ];
    for (const [over, field] of cases) {
      const res = await admin.send(dev.create, firmware(data.fileKey, over));
      expect(res.code, field).toBe(400);
      expect((res as { params?: { field?: string } }).params?.field ?? JSON.stringify(res)).toBe(field);
    }
    const unknown = await admin.send(dev.create, firmware('a'.repeat(64)));
    expect(unknown.code).toBe(400);
  });

  test('one version per type, channel and module; versions sort numerically', async () => {
    const { data } = await upload(admin, image());
    expect((await admin.send(dev.create, firmware(data.fileKey, { firmwareType: 'luna', versionNumber: '1.9.3' }))).code).toBe(200);
    expect((await admin.send(dev.create, firmware(data.fileKey, { firmwareType: 'luna', versionNumber: '1.10.0' }))).code).toBe(200);
    const dup = await admin.send(dev.create, firmware(data.fileKey, { firmwareType: 'luna', versionNumber: '1.10.0.0' }));
    expect(dup.code).toBe(409);
    expect((dup as { egMsg?: string }).egMsg).toMatch(/1\.10\.0/);
    const page = await admin.send(dev.page, { firmwareType: 'luna', sortBy: 'versionNumber', sortOrder: 'desc', page: 1, limit: 10 });
    expect(page.data.list.map((f) => f.versionNumber)).toEqual(['1.10.0', '1.9.3']);
    const offer = await admin.send(dev.tryCheck, { firmwareType: 'luna', module: 'default', currentVersion: '1.9.3' });
    expect(offer.data).toMatchObject({ update: true, versionNumber: '1.10.0' });
  });
});

describe('verification, promotion and the release channel', () => {
  test('verify moves not verified to verified once; release offers only verified or not required', async () => {
    const { data } = await upload(admin, image());
    const id = (await admin.send(dev.create, firmware(data.fileKey, { firmwareType: 'aura', versionNumber: '2.0.0' }))).data;
    const factoryId = (await admin.send(firmwarePromoteApi.development, { id })).data;
    const releaseId = (await admin.send(firmwarePromoteApi.factory, { id: factoryId })).data;
    const released = (await admin.send(rel.get, { id: releaseId })).data;
    expect(released).toMatchObject({ channel: 'release', fileKey: data.fileKey, verifyStatus: '1', versionNumber: '2.0.0' });
    const check = () => admin.send(rel.tryCheck, { firmwareType: 'aura', module: 'default', currentVersion: '1.0.0' });
    expect((await check()).data).toEqual({ update: false });
    expect((await admin.send(rel.verify, { id: releaseId })).code).toBe(200);
    expect((await admin.send(rel.get, { id: releaseId })).data.verifyStatus).toBe('2');
    expect((await admin.send(rel.verify, { id: releaseId })).code).toBe(555);
    expect((await check()).data).toMatchObject({ update: true, firmwareId: releaseId, digest: data.sha256 });
    // The file is shared: deleting one package keeps it for the others.
    expect((await admin.send(dev.delete, { id })).code).toBe(200);
    expect(await t.ctx.files.storage.stat(data.fileKey)).not.toBeNull();
    await admin.send(firmwareApis.factory.delete, { id: factoryId });
    await admin.send(rel.delete, { id: releaseId });
    await sweepFiles(t);
    expect(await t.ctx.files.storage.stat(data.fileKey)).toBeNull();
  });
});

describe('percentage rollout', () => {
  test('a release for a percentage reaches about that share of devices, each always the same way', async () => {
    const { data } = await upload(admin, image());
    const firmwareId = (
      await admin.send(
        rel.create,
        firmware(data.fileKey, { firmwareType: 'kano', versionNumber: '4.0.0', verifyRequired: false, rolloutTarget: 'percent', rolloutPercent: 30 }),
      )
    ).data;
    const devices = Array.from({ length: 200 }, (_, i) => `pk/gateway-${i}`);
    const offered = async (device: string) =>
      (await admin.send(rel.tryCheck, { firmwareType: 'kano', module: 'default', currentVersion: '1.0.0', device })).data.update;
    const first = await Promise.all(devices.map(offered));
    const share = first.filter(Boolean).length / devices.length;
    expect(share).toBeGreaterThan(0.18);
    expect(share).toBeLessThan(0.42);
    // A device's answer does not change from one check to the next.
    expect(await Promise.all(devices.slice(0, 40).map(offered))).toEqual(first.slice(0, 40));
    // Widening the rollout keeps every device that had it.
    await admin.send(rel.update, {
      ...firmware(data.fileKey, { firmwareType: 'kano', versionNumber: '4.0.0', verifyRequired: false, rolloutTarget: 'percent', rolloutPercent: 60 }),
      id: firmwareId,
    });
    const wider = await Promise.all(devices.map(offered));
    expect(first.every((had, i) => !had || wider[i])).toBe(true);
    expect(wider.filter(Boolean).length).toBeGreaterThan(first.filter(Boolean).length);
  });
});

describe('device OTA', () => {
  test('check offers full and sub-packages, follows the rollout, and the download resumes with Range', async () => {
    const tenant = await tenantIds(t);
    const { gateway, store } = await storeWithGateway(t, { tenantId: tenant.platform });
    const file = image(200_000);
    const { data } = await upload(admin, file);
    const sub = await upload(admin, image(1000));
    const mk = async (over: Partial<FirmwareCreate>) => {
      const res = await admin.send(rel.create, firmware(data.fileKey, { firmwareType: 'halo', verifyRequired: false, ...over }));
      expect(res.code, res.egMsg).toBe(200);
      return res.data;
    };
    const full = await mk({ versionNumber: '3.0.0' });
    const check = async (currentVersion: string) => {
      const path = `/open/ota/check?${new URLSearchParams({ firmwareType: 'halo', channel: 'release', module: 'default', currentVersion }).toString()}`;
      const res = await gateway.request('GET', path);
      expect(res.status).toBe(200);
      return (await res.json()) as OtaOffer;
    };
    expect(await check('3.0.0')).toEqual({ update: false });
    const offer = await check('2.0.0');
    expect(offer).toMatchObject({ update: true, firmwareId: full, packageType: 'full', size: file.length, signatureAlgorithm: 'sha256', digest: sha256(file) });

    // Sub-package: only from its version.
    const subFw = await mk({ versionNumber: '3.1.0', packageType: 'sub', fromVersion: '3.0.0', fileKey: sub.data.fileKey });
    expect(await check('3.0.0')).toMatchObject({ update: true, firmwareId: subFw, packageType: 'sub' });
    expect(await check('2.0.0')).toMatchObject({ firmwareId: full });

    // Rollout to other stores, then to this store, then paused.
    const rollout = (over: Partial<FirmwareCreate>) =>
      admin.send(rel.update, {
        ...firmware(sub.data.fileKey, {
          firmwareType: 'halo',
          versionNumber: '3.1.0',
          packageType: 'sub',
          fromVersion: '3.0.0',
          verifyRequired: false,
          ...over,
        }),
        id: subFw,
      });
    await rollout({ rolloutTarget: 'stores', rolloutStoreIds: [store.id + 1000] });
    expect(await check('3.0.0')).toEqual({ update: false });
    await rollout({ rolloutTarget: 'stores', rolloutStoreIds: [store.id] });
    expect(await check('3.0.0')).toMatchObject({ firmwareId: subFw });
    await rollout({ rolloutPaused: true });
    expect(await check('3.0.0')).toEqual({ update: false });

    // Download in two parts and join them.
    if (!offer.update) throw new Error('no offer');
    const url = new URL(offer.url, t.base);
    const first = await fetch(url, { headers: { range: 'bytes=0-99999' } });
    expect(first.status).toBe(206);
    const a = Buffer.from(await first.arrayBuffer());
    const second = await fetch(url, { headers: { range: `bytes=${a.length}-` } });
    expect(second.status).toBe(206);
    const b = Buffer.from(await second.arrayBuffer());
    expect(sha256(Buffer.concat([a, b]))).toBe(sha256(file));
    url.searchParams.set('device', 'someone-else');
    expect((await fetch(url)).status).toBe(403);

    // Progress: history and the latest step per device.
    for (const step of ['downloading', 'downloaded', 'verified'] as const) {
      const res = await gateway.request('POST', otaApi.progress.path, { firmwareId: full, step });
      expect(res.status).toBe(200);
    }
    await gateway.request('POST', otaApi.progress.path, { firmwareId: full, step: 'failed', device: 'AABBCCDDEEFF', reason: 'flash error' });
    const summary = await admin.send(rel.otaSummary, { id: full });
    expect(summary.data).toEqual(
      expect.arrayContaining([
        { step: 'verified', devices: 1 },
        { step: 'failed', devices: 1 },
      ]),
    );
    const history = await admin.send(rel.otaHistory, { id: full, device: 'AABB', page: 1, limit: 20 });
    expect(history.data.list).toHaveLength(1);
    expect((await t.ctx.db.select().from(firmwares)).length).toBeGreaterThan(0);
  });
});

describe('downloads at once', () => {
  let b: TestApp;
  beforeAll(async () => {
    // Servers behind one load balancer share their files as well as their database.
    b = await t.sibling({ MQTT_PORT: '0', DATA_DIR: t.ctx.config.dataDir });
    await b.connections.start();
    // Large enough that a download nobody reads from cannot end in the sockets' buffers.
    const { data } = await upload(admin, image(32 * 1024 * 1024));
    expect((await admin.send(rel.create, firmware(data.fileKey, { firmwareType: 'lumen', verifyRequired: false }))).code).toBe(200);
  });
  afterAll(async () => {
    await b.connections.stop();
    await b.close();
  });

  const linkFor = async (device: string) => {
    const offer = await offerFor(t.ctx, { firmwareType: 'lumen', channel: 'release', module: 'default', currentVersion: '0.0.1' }, { device, storeId: null });
    if (!offer.update) throw new Error('nothing offered');
    return offer.url;
  };
  const download = (server: TestApp, link: string, range = 'bytes=0-') => fetch(new URL(link, server.base), { headers: { range } });
  const slotsOf = (device: string) => t.ctx.db.select().from(otaDownloads).where(eq(otaDownloads.device, device));

  test('ten at once for one device, at two servers: two run, the others are refused with 429 and Retry-After until one ends', async () => {
    const link = await linkFor('ota-device-1');
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => download(i % 2 ? t : b, link)));
    const running = answers.filter((res) => res.status === 206);
    const refused = answers.filter((res) => res.status === 429);
    expect(running).toHaveLength(MAX_DOWNLOADS_PER_DEVICE);
    expect(refused).toHaveLength(10 - MAX_DOWNLOADS_PER_DEVICE);
    for (const res of refused) {
      expect(res.headers.get('retry-after')).toBe(String(DOWNLOAD_RETRY_SECONDS));
      expect(await res.json()).toEqual({ status: 429, key: 'common.rate-limited', params: { seconds: DOWNLOAD_RETRY_SECONDS } });
    }
    // Another device is not held back.
    const other = await download(b, await linkFor('ota-device-2'));
    expect(other.status).toBe(206);
    await other.body!.cancel();

    // The device gives one up: its slot is free again, at either server.
    await running[0]!.body!.cancel();
    const again = await vi.waitFor(
      async () => {
        const res = await download(b, link);
        if (res.status !== 206) throw new Error(`answered ${res.status}`);
        return res;
      },
      { timeout: 5000, interval: 50 },
    );
    for (const res of [again, ...running.slice(1)]) await res.body!.cancel();
    await vi.waitFor(async () => expect(await slotsOf('ota-device-1')).toEqual([]), { timeout: 5000, interval: 50 });
  });

  test('finished downloads free their slots', async () => {
    const link = await linkFor('ota-device-3');
    for (let i = 0; i < 2 * MAX_DOWNLOADS_PER_DEVICE + 1; i++) {
      const res = await download(i % 2 ? t : b, link, 'bytes=0-99');
      expect(res.status).toBe(206);
      expect((await res.arrayBuffer()).byteLength).toBe(100);
    }
  });

  test('slots held by a server that is gone are taken over at once, and swept within a heartbeat', async () => {
    const link = await linkFor('ota-device-4');
    await t.ctx.db
      .insert(otaDownloads)
      .values([1, 2].map((slot) => ({ device: 'ota-device-4', slot, holder: 'a-server-gone', downloadId: `gone-${slot}`, startedAt: t.clock.now() })));
    const res = await download(t, link, 'bytes=0-99');
    expect(res.status).toBe(206);
    await res.arrayBuffer();
    await vi.waitFor(async () => expect(await slotsOf('ota-device-4')).toEqual([]), { timeout: 3 * HEARTBEAT_MS, interval: 100 });
  });
});
