import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { appFeedbackApi, appOpenApi, appVersionApi, contentApi, firmwareApis, staffApi, type Envelope } from '@lightdesk/contract';
import { eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { appUserClient } from '../../test/app-users';
import { sweepFiles } from '../../test/files';
import { testApp, type ApiClient, type TestApp } from '../../test/test-app';
import { clusterMembers } from '../cluster/schema';
import { joinCluster } from '../cluster/membership';
import { LocalDiskStorage, storedFiles, TrackedStorage, UNREFERENCED_FILE_GRACE_MS, type FileBackend, type PutRules } from '.';

let t: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  t = await testApp();
  admin = await t.signIn('admin');
});
afterAll(() => t.close());

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** A picture every upload of pictures takes: a PNG signature and bytes of its own. */
const picture = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]);

/** Posts one file the way the console and the app do: multipart, with text fields before it. */
async function postFile<T>(client: ApiClient, url: string, field: string, bytes: Buffer, name: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append(field, new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(new URL(url, client.base), { method: 'POST', headers: { authorization: `Bearer ${client.token}` }, body: form });
  return (await res.json()) as Envelope<T>;
}
const helpPicture = async (bytes: Buffer) => {
  const res = await postFile<{ url: string }>(admin, contentApi['help-question'].upload.path, 'file', bytes, 'step.png');
  expect(res.code, res.egMsg).toBe(200);
  return res.data.url;
};
/** What anybody fetching the address gets: its status, and the bytes when it is served. */
const fetched = async (url: string) => {
  const res = await fetch(new URL(url, t.base));
  return { status: res.status, bytes: res.ok ? Buffer.from(await res.arrayBuffer()) : null };
};
/** Feedback the server refuses (no such type) after it has stored the pictures sent with it. */
const refusedFeedback = async (client: ApiClient, bytes: Buffer) =>
  expect(await postFile(client, appFeedbackApi.send.path, 'images', bytes, 'picture.png', { type: 'complaint', content: 'Look' })).toMatchObject({
    code: 400,
    params: { field: 'type' },
  });

describe('a stored file stays while anything refers to it', () => {
  test('a help page picture sent back in feedback that is refused is still served', async () => {
    const bytes = picture();
    const url = await helpPicture(bytes);
    const { client } = await appUserClient(t);
    await refusedFeedback(client, bytes);
    expect(await fetched(url)).toEqual({ status: 200, bytes });
    await sweepFiles(t);
    expect(await fetched(url)).toEqual({ status: 200, bytes });
  });

  test('a staff avatar that is also a help page picture is still served after the staff member changes avatar', async () => {
    const bytes = picture();
    const avatar = await postFile(admin, staffApi.updateAvatar.path, 'file', bytes, 'me.png');
    expect(avatar.code).toBe(200);
    const url = await helpPicture(bytes);
    expect((await postFile(admin, staffApi.updateAvatar.path, 'file', picture(), 'new.png')).code).toBe(200);
    await sweepFiles(t);
    expect(await fetched(url)).toEqual({ status: 200, bytes });
  });

  test('a firmware package with the very bytes of an APK: deleting the package leaves the APK downloadable', async () => {
    const apk = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), randomBytes(300)]);
    const android = appVersionApi.android;
    const uploaded = await postFile<{ fileKey: string }>(admin, android.upload.path, 'file', apk, 'app.apk');
    expect(uploaded.code, uploaded.egMsg).toBe(200);
    const base = { uploadDate: '2026-11-20', contentZh: '修复', contentEn: 'Fixes', brand: 'nordlicht' as const, fileKey: uploaded.data.fileKey };
    const version = await admin.send(android.create, { ...base, versionNumber: '9.0.0' });
    expect((await admin.send(android.setCurrent, { id: version.data })).code).toBe(200);

    const dev = firmwareApis.development;
    const firmwareFile = await postFile<{ fileKey: string }>(admin, dev.upload.path, 'file', apk, 'fw.bin');
    expect(firmwareFile.data.fileKey).toBe(uploaded.data.fileKey);
    const firmware = await admin.send(dev.create, {
      name: 'Aura main',
      versionNumber: '9.0.0',
      firmwareType: 'aura',
      contentZh: '修复',
      contentEn: 'Fixes',
      firmwareJson: '{}',
      fileKey: firmwareFile.data.fileKey,
    });
    expect(firmware.code, firmware.egMsg).toBe(200);
    expect((await admin.send(dev.delete, { id: firmware.data })).code).toBe(200);
    await sweepFiles(t);

    const [download] = (await t.api.send(appOpenApi.downloads, { brand: 'nordlicht' })).data;
    expect(await fetched(download!.downloadUrl)).toEqual({ status: 200, bytes: apk });
  });

  test("a live server's probe file stays; once the server has left, the sweep deletes it", async () => {
    const member = await joinCluster(t.ctx.db, { storage: t.ctx.files.storage });
    const [row] = await t.ctx.db.select({ probe: clusterMembers.storageProbe }).from(clusterMembers).where(eq(clusterMembers.id, member.id));
    await sweepFiles(t);
    expect(await t.ctx.files.storage.stat(row!.probe!)).not.toBeNull();
    await member.leave();
    await sweepFiles(t);
    expect(await t.ctx.files.storage.stat(row!.probe!)).toBeNull();
  });
});

describe('the sweep', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lightdesk-sweep-'));
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
  const rules: PutRules = { maxBytes: 1000, types: ['png'] };

  test('a file put again while the sweep deletes it is kept: its bytes are placed once the sweep is done', async () => {
    // A store whose deletes wait until the test lets them go on, and which tells when a put is about to place its bytes.
    const disk = new LocalDiskStorage(folder);
    let deleting!: () => void;
    const deleteStarted = new Promise<void>((resolve) => (deleting = resolve));
    let letDelete!: () => void;
    const deleteMayGo = new Promise<void>((resolve) => (letDelete = resolve));
    let placing!: () => void;
    const placingStarted = new Promise<void>((resolve) => (placing = resolve));
    const backend: FileBackend = {
      get: (key, range) => disk.get(key, range),
      stat: (key) => disk.stat(key),
      put: (source, putRules, place) =>
        disk.put(source, putRules, async (key) => {
          placing();
          await place?.(key);
        }),
      delete: async (key) => {
        deleting();
        await deleteMayGo;
        return disk.delete(key);
      },
    };
    const storage = new TrackedStorage(backend, t.ctx.db, t.clock);
    const bytes = picture();
    const key = (await storage.put(Readable.from([bytes]), rules)).key;

    // Every other file of the server counts as referred to: only this one is the sweep's to delete.
    const others = [sql`select ${storedFiles.key} from ${storedFiles} where ${ne(storedFiles.key, key)}`];
    /** The sweep as it runs at `moment`. */
    const sweepAt = (moment: number) => storage.sweep(others, new Date(moment - UNREFERENCED_FILE_GRACE_MS));
    const sweeping = sweepAt(t.clock.now().getTime() + UNREFERENCED_FILE_GRACE_MS + 1000);
    await deleteStarted;
    const putting = storage.put(Readable.from([bytes]), rules);
    await placingStarted;
    // Time enough for a put that did not wait for the sweep to record the file and place its bytes
    // before the sweep deletes them; a put that waits passes however long this is.
    await new Promise((resolve) => setTimeout(resolve, 200));
    letDelete();
    expect(await sweeping).toBe(1);
    await putting;
    expect(await disk.stat(key)).not.toBeNull();
    const [row] = await t.ctx.db.select().from(storedFiles).where(eq(storedFiles.key, key));
    // Put again just now: a sweep within the grace period leaves it.
    expect(await sweepAt(row!.putAt.getTime() + 1000)).toBe(0);
    expect(await disk.stat(key)).not.toBeNull();
  });

  // Last in the file: it moves the server's clock on by the grace period, past the sessions' expiry.
  test('deletes a file nothing refers to once the grace period has passed since it was put, and keeps one put since', async () => {
    const { client } = await appUserClient(t);
    const early = picture();
    await refusedFeedback(client, early);
    await sweepFiles(t, UNREFERENCED_FILE_GRACE_MS - 60_000);
    expect(await t.ctx.files.storage.stat(sha256(early))).not.toBeNull();

    t.clock.advance(UNREFERENCED_FILE_GRACE_MS / 1000 - 60);
    const recent = picture();
    await refusedFeedback(client, recent);
    await sweepFiles(t, 120_000);
    expect(await t.ctx.files.storage.stat(sha256(early))).toBeNull();
    expect(await t.ctx.files.storage.stat(sha256(recent))).not.toBeNull();
  });
});
