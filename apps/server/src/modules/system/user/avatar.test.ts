import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { staffApi, type AnswerOf, type Envelope, type PermissionInfo } from '@lightdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { configs, users } from '../schema';
import { sweepFiles } from '../../../test/files';
import { checkedEnvelope, testApp, type ApiClient, type TestApp } from '../../../test/test-app';

let t: TestApp;
let dataDir: string;
let operator: ApiClient;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lightdesk-avatar-'));
  t = await testApp({ DATA_DIR: dataDir });
  operator = await t.signIn('operator');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const MB = 1024 * 1024;
const png = (size: number, fill = 7) => {
  const bytes = Buffer.alloc(size, fill);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  return bytes;
};
/** Posts a file the way the console's upload does: multipart, field `file`. */
async function upload(client: ApiClient, bytes: Buffer, name = 'me.png', type = 'image/png'): Promise<Envelope<AnswerOf<typeof staffApi.updateAvatar>>> {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), name);
  const headers: Record<string, string> = client.token ? { authorization: `Bearer ${client.token}` } : {};
  const res = await fetch(new URL(staffApi.updateAvatar.path, t.base), { method: staffApi.updateAvatar.method, body: form, headers });
  return checkedEnvelope(staffApi.updateAvatar, (await res.json()) as Envelope);
}
const storedFiles = () =>
  fs.readdirSync(path.join(dataDir, 'files'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && !e.name.endsWith('.json'));
const avatarOf = async (username: string) => (await t.ctx.db.select({ avatar: users.avatar }).from(users).where(eq(users.username, username)))[0]!.avatar;

describe('staff avatar', () => {
  test('the signed-in staff member uploads a picture; their details and the navbar link show it', async () => {
    const picture = png(40_000);
    const res = await upload(operator, picture);
    expect(res.code).toBe(200);
    expect(res.data.avatar).toMatch(/^\/open\/files\/[0-9a-f]{64}\?expires=\d+&signature=/);
    const served = await fetch(new URL(res.data.avatar, t.base));
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(picture);

    const info = await operator.get<PermissionInfo>('/api/system/auth/get-permission-info');
    expect(info.data.user.avatar).toBe(res.data.avatar);
    const admin = await t.signIn('admin');
    expect((await admin.get<PermissionInfo>('/api/system/auth/get-permission-info')).data.user.avatar).toBe('/avatar-default.svg');
  });

  test('a new picture replaces the old one, whose file goes when nobody shows it any more', async () => {
    const before = await avatarOf('operator');
    const res = await upload(operator, png(30_000, 9), 'new.png');
    expect(res.code).toBe(200);
    expect(await avatarOf('operator')).not.toBe(before);
    await sweepFiles(t);
    expect(storedFiles().map((f) => f.name)).toEqual([await avatarOf('operator')]);
  });

  test('a file that is not a picture is refused whatever it claims to be, and nothing is stored', async () => {
    const before = await avatarOf('operator');
    const script = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(await upload(operator, script, 'me.png', 'image/png')).toMatchObject({ code: 400, key: 'file.type-not-allowed', params: { field: 'file' } });
    expect(await upload(operator, Buffer.from('MZ'.padEnd(5000, '\0')), 'me.jpg', 'image/jpeg')).toMatchObject({ code: 400, key: 'file.type-not-allowed' });
    expect(await avatarOf('operator')).toBe(before);
    expect(storedFiles()).toHaveLength(1);
  });

  test('a picture over the upload size setting is refused without being stored', async () => {
    await t.ctx.db.update(configs).set({ value: '1' }).where(eq(configs.key, 'upload.max-size-mb'));
    const before = await avatarOf('operator');
    expect(await upload(operator, png(2 * MB))).toMatchObject({ code: 400, key: 'file.too-large', params: { field: 'file', size: 1 } });
    expect(await avatarOf('operator')).toBe(before);
    expect(storedFiles()).toHaveLength(1);
    expect((await upload(operator, png(MB - 100))).code).toBe(200);
  });

  test('needs a signed-in staff member and a file', async () => {
    expect((await upload(t.api, png(1000))).code).toBe(401);
    expect(await operator.post('/api/system/user/profile/update-avatar', { file: 'x' })).toMatchObject({ code: 400, params: { field: 'file' } });
  });
});
