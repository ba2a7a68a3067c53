import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { appOpenApi, appVersionApi, type AnswerOf, type Envelope } from '@lightdesk/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { configs } from '../system/schema';
import { checkedEnvelope, testApp, type ApiClient, type TestApp } from '../../test/test-app';
import { readXlsx } from '../../test/xlsx';
import { appVersions } from './app-version/schema';

let t: TestApp;
let dataDir: string;
let admin: ApiClient;
let operator: ApiClient;
let agent: ApiClient;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lightdesk-apps-'));
  t = await testApp({ DATA_DIR: dataDir });
  admin = await t.signIn('admin');
  operator = await t.signIn('operator');
  // Even with every app permission, an agent's staff are refused: versions are the platform's.
  await t.grant(
    'agent',
    ['query', 'create', 'update', 'delete', 'export', 'set-current'].map((a) => `app:android:${a}`),
  );
  agent = await t.signIn('agent');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const android = appVersionApi.android;
const ios = appVersionApi.ios;
/** The smallest APK for these checks: a zip archive of one stored (uncompressed) manifest entry. */
function apk(text = 'manifest') {
  const name = Buffer.from('AndroidManifest.xml');
  const data = Buffer.from(text);
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  const centralAt = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(centralAt, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

async function upload(client: ApiClient, bytes: Buffer, name = 'app.apk', endpoint = android.upload): Promise<Envelope<AnswerOf<typeof android.upload>>> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const headers: Record<string, string> = client.token ? { authorization: `Bearer ${client.token}` } : {};
  const res = await fetch(new URL(endpoint.path, t.base), { method: 'POST', body: form, headers });
  return checkedEnvelope(endpoint, (await res.json()) as Envelope);
}

let uploaded = 0;
/** Creates an Android version of `brand` with its own APK. */
async function createAndroid(versionNumber: string, over: { brand?: 'lightdesk' | 'lumen' | 'aurora' | 'nordlicht'; isForceUpdate?: boolean } = {}) {
  const file = await upload(admin, apk(`v${++uploaded}`));
  expect(file.code, file.egMsg).toBe(200);
  const res = await admin.send(android.create, {
    versionNumber,
    uploadDate: '2026-11-20',
    contentZh: `修复 ${versionNumber}`,
    contentEn: `Fixes in ${versionNumber}`,
    brand: over.brand ?? 'lightdesk',
    isForceUpdate: over.isForceUpdate ?? false,
    fileKey: file.data.fileKey,
  });
  expect(res.code, res.egMsg).toBe(200);
  return res.data;
}
const currents = async (platform: string, brand: string) =>
  t.ctx.db
    .select({ id: appVersions.id })
    .from(appVersions)
    .where(and(eq(appVersions.platform, platform), eq(appVersions.brand, brand), eq(appVersions.current, true)));

describe('app versions', () => {
  test('create, list newest first by number, filter, update, export, delete', async () => {
    const a = await createAndroid('1.9.3', { brand: 'aurora' });
    const b = await createAndroid('1.10.0', { brand: 'aurora' });
    await createAndroid('1.2', { brand: 'aurora' });
    const page = await admin.send(android.page, { brand: 'aurora' });
    expect(page.data.list.map((v) => v.versionNumber)).toEqual(['1.10.0', '1.9.3', '1.2']);
    expect(page.data.list[0]).toMatchObject({ platform: 'android', scope: 'domestic', current: false, storeUrl: '' });
    expect(page.data.list[0]!.fileSize).toBeGreaterThan(0);
    const asc = await admin.send(android.page, { brand: 'aurora', sortBy: 'versionNumber', sortOrder: 'asc' });
    expect(asc.data.list.map((v) => v.versionNumber)).toEqual(['1.2', '1.9.3', '1.10.0']);
    expect((await admin.send(android.page, { brand: 'aurora', versionNumber: '1.9' })).data.list.map((v) => v.id)).toEqual([a]);
    // Another platform's list does not show them.
    expect((await admin.send(appVersionApi['android-intl'].page, { brand: 'aurora' })).data.total).toBe(0);

    const row = (await admin.send(android.get, { id: b })).data;
    const { id: _id, platform: _p, current: _c, fileSize: _s, fileMd5: _m, storeUrl: _u, createdAt: _ca, updatedAt: _ua, ...values } = row;
    expect((await admin.send(android.update, { ...values, id: b, isForceUpdate: true, scope: 'international' })).code).toBe(200);
    expect((await admin.send(android.get, { id: b })).data).toMatchObject({ isForceUpdate: true, scope: 'international' });
    expect((await admin.send(android.page, { brand: 'aurora', isForceUpdate: true })).data.list.map((v) => v.id)).toEqual([b]);

    const res = await fetch(new URL(`${android.exportExcel.path}?brand=aurora`, t.base), { headers: { authorization: `Bearer ${admin.token}` } });
    const sheet = await readXlsx(res);
    expect(sheet.map((r) => r[0])).toContain('1.10.0');

    expect((await admin.send(android.delete, { id: a })).code).toBe(200);
    expect((await admin.send(android.get, { id: a })).code).toBe(404);
  });

  test('required fields, version format and duplicates are refused by name', async () => {
    const file = (await upload(admin, apk('required'))).data;
    const base = { versionNumber: '2.0.0', uploadDate: '2026-11-20', contentZh: '中文', contentEn: 'English', brand: 'lumen' as const, fileKey: file.fileKey };
    expect(await admin.send(android.create, { ...base, contentEn: '' })).toMatchObject({ code: 400, params: { field: 'contentEn' } });
    expect(await admin.send(android.create, { ...base, versionNumber: '2.0-beta' })).toMatchObject({ code: 400, params: { field: 'versionNumber' } });
    expect(await admin.send(android.create, { ...base, versionNumber: '1.2.3.4.5' })).toMatchObject({ code: 400, params: { field: 'versionNumber' } });
    expect(await admin.send(android.create, { ...base, fileKey: 'f'.repeat(64) })).toMatchObject({
      code: 400,
      key: 'app-version.apk-unknown',
      params: { field: 'fileKey' },
    });
    expect(await admin.send(ios.create, { ...base, storeUrl: 'http://apps.apple.com/app/id1' })).toMatchObject({
      code: 400,
      params: { field: 'storeUrl' },
    });
    expect((await admin.send(android.create, base)).code).toBe(200);
    // 2.0 is 2.0.0: the same version of the same brand.
    expect(await admin.send(android.create, { ...base, versionNumber: '2.0' })).toMatchObject({ code: 409, params: { field: 'versionNumber' } });
    // Another brand may have its own 2.0.0.
    expect((await admin.send(android.create, { ...base, brand: 'aurora', versionNumber: '2.0.0' })).code).toBe(200);
  });

  test('iOS versions carry an App Store link and the intl platforms default to international', async () => {
    const res = await admin.send(appVersionApi['ios-intl'].create, {
      versionNumber: '3.1.0',
      uploadDate: '2026-11-21',
      contentZh: '新功能',
      contentEn: 'New features',
      brand: 'nordlicht',
      storeUrl: 'https://apps.apple.com/app/id123456',
    });
    expect(res.code, res.egMsg).toBe(200);
    expect((await admin.send(appVersionApi['ios-intl'].get, { id: res.data })).data).toMatchObject({
      scope: 'international',
      fileKey: '',
      storeUrl: 'https://apps.apple.com/app/id123456',
    });
    // The iOS platforms take no upload.
    expect('upload' in appVersionApi.ios).toBe(false);
  });

  test('one current version per platform and brand, even under switches at once', async () => {
    const ids = await Promise.all(['5.0.1', '5.0.2', '5.0.3', '5.0.4', '5.0.5', '5.0.6'].map((v) => createAndroid(v, { brand: 'lumen' })));
    const other = await createAndroid('5.0.1', { brand: 'nordlicht' });
    expect((await admin.send(android.setCurrent, { id: other })).code).toBe(200);
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(ids.map((id) => admin.send(android.setCurrent, { id })));
      expect(answers.map((a) => a.code)).toEqual(ids.map(() => 200));
      expect(await currents('android', 'lumen')).toHaveLength(1);
    }
    // The other brand keeps its own.
    expect((await currents('android', 'nordlicht')).map((c) => c.id)).toEqual([other]);
    // The current version cannot be deleted, nor moved to another brand.
    const [current] = await currents('android', 'lumen');
    expect(await admin.send(android.delete, { id: current!.id })).toMatchObject({ code: 409, key: 'app-version.current-not-deletable' });
    const row = (await admin.send(android.get, { id: current!.id })).data;
    expect(
      await admin.send(android.update, {
        id: row.id,
        versionNumber: row.versionNumber,
        uploadDate: row.uploadDate,
        contentZh: row.contentZh,
        contentEn: row.contentEn,
        brand: 'aurora',
        fileKey: row.fileKey,
      }),
    ).toMatchObject({ code: 409, key: 'app-version.current-brand-locked' });
    expect((await admin.send(android.get, { id: current!.id })).data).toMatchObject({ current: true, brand: 'lumen' });
    // Another platform's id is not found through this one.
    expect((await admin.send(appVersionApi['android-intl'].setCurrent, { id: current!.id })).code).toBe(404);
  });

  test('check-update: newer, forced on the way, up to date, unknown brand', async () => {
    await createAndroid('7.0.0', { brand: 'aurora' });
    const forced = await createAndroid('7.1.0', { brand: 'aurora', isForceUpdate: true });
    const latest = await createAndroid('7.2.0', { brand: 'aurora' });
    const check = (version: string, brand = 'aurora') => t.api.send(appOpenApi.checkUpdate, { platform: 'android', brand: brand as 'aurora', version });
    // Nothing current yet for this brand and platform.
    expect((await t.api.send(appOpenApi.checkUpdate, { platform: 'ios', brand: 'aurora', version: '1.0' })).data).toEqual({ update: false });

    expect((await admin.send(android.setCurrent, { id: latest })).code).toBe(200);
    const from7 = await check('7.0.0');
    expect(from7.data).toMatchObject({ update: true, latestVersion: '7.2.0', forceUpdate: true, content: { zh: '修复 7.2.0', en: 'Fixes in 7.2.0' } });
    const link = (from7.data as { downloadUrl: string }).downloadUrl;
    expect(link).toMatch(/^\/open\/files\/[0-9a-f]{64}\?expires=/);
    expect((await fetch(new URL(link, t.base))).status).toBe(200);
    // Past the forced version: an ordinary update.
    expect((await check('7.1.0')).data).toMatchObject({ update: true, forceUpdate: false });
    expect((await check('7.1.5')).data).toMatchObject({ update: true, forceUpdate: false });
    expect((await check('7.2.0')).data).toEqual({ update: false });
    expect((await check('7.10')).data).toEqual({ update: false });
    expect(await check('7.0.0', 'acme')).toMatchObject({ code: 400, params: { field: 'brand' } });
    expect(await check('seven')).toMatchObject({ code: 400, params: { field: 'version' } });
    expect(forced).toBeGreaterThan(0);

    const downloads = await t.api.send(appOpenApi.downloads, { brand: 'aurora' });
    expect(downloads.data.map((d) => [d.platform, d.versionNumber])).toEqual([['android', '7.2.0']]);
    expect(await t.api.send(appOpenApi.downloads, { brand: 'nobody' as 'aurora' })).toMatchObject({ code: 400, params: { field: 'brand' } });
  });

  test('uploads: only an APK by content, within the size limit', async () => {
    const fake = Buffer.from('not a zip at all, only named like one');
    expect(await upload(admin, fake, 'app.apk')).toMatchObject({ code: 400, key: 'file.type-not-allowed', params: { field: 'file' } });
    await t.ctx.db.update(configs).set({ value: '1' }).where(eq(configs.key, 'upload.max-size-mb'));
    const big = Buffer.concat([apk('big'), Buffer.alloc(1024 * 1024 + 10)]);
    expect(await upload(admin, big)).toMatchObject({ code: 400, key: 'file.too-large' });
    await t.ctx.db.update(configs).set({ value: '100' }).where(eq(configs.key, 'upload.max-size-mb'));
    const ok = await upload(admin, apk('small'));
    expect(ok.code).toBe(200);
    expect(ok.data.md5).toMatch(/^[0-9a-f]{32}$/);
  });

  test('refused to the anonymous, to staff without the permission and to agents', async () => {
    const before = await t.ctx.db.select({ id: appVersions.id }).from(appVersions);
    expect((await t.api.send(android.page, {})).code).toBe(401);
    expect((await operator.send(android.page, {})).code).toBe(403);
    expect((await upload(operator, apk('op'))).code).toBe(403);
    expect((await agent.send(android.page, {})).code).toBe(403);
    expect((await upload(agent, apk('agent'))).code).toBe(403);
    const [some] = before;
    expect((await agent.send(android.setCurrent, { id: some!.id })).code).toBe(403);
    expect((await agent.send(android.delete, { id: some!.id })).code).toBe(403);
    expect(await t.ctx.db.select({ id: appVersions.id }).from(appVersions)).toEqual(before);
  });
});
