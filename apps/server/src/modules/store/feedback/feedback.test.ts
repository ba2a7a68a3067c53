import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appFeedbackApi, type Envelope } from '@lightdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sweepFiles } from '../../../test/files';
import { testApp, type ApiClient, type TestApp } from '../../../test/test-app';
import { appUserClient } from '../../../test/app-users';
import { feedback } from '../schema';

let t: TestApp;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lightdesk-feedback-'));
beforeAll(async () => {
  t = await testApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const png = (seed: number) =>
  new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, seed, ...new Array<number>(200).fill(seed)])], { type: 'image/png' });
const storedFiles = () =>
  fs.readdirSync(path.join(dataDir, 'files'), { recursive: true }).filter((f) => fs.statSync(path.join(dataDir, 'files', String(f))).isFile());

async function sendFeedback(client: ApiClient, fields: Record<string, string>, images: Blob[] = []): Promise<Envelope<number>> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  images.forEach((image, i) => form.append('images', image, `picture-${i}.png`));
  const res = await fetch(new URL(appFeedbackApi.send.path, client.base), { method: 'POST', headers: { authorization: `Bearer ${client.token}` }, body: form });
  return (await res.json()) as Envelope<number>;
}

test('feedback with pictures is kept, and the app reads it back with the staff reply', async () => {
  const { client } = await appUserClient(t);
  const sent = await sendFeedback(
    client,
    { type: 'fault', content: 'The spot flickers', appVersion: '2.4.0', phoneModel: 'Pixel 8', contactEmail: 'me@example.com' },
    [png(1), png(2)],
  );
  expect(sent.code).toBe(200);
  await t.ctx.db.update(feedback).set({ reply: 'Fixed in 2.5', handledAt: new Date() }).where(eq(feedback.id, sent.data));
  const { data } = await client.send(appFeedbackApi.mine, {});
  expect(data.total).toBe(1);
  expect(data.list[0]).toMatchObject({ type: 'fault', content: 'The spot flickers', contactEmail: 'me@example.com', reply: 'Fixed in 2.5' });
  expect(data.list[0]!.images).toHaveLength(2);
  const picture = await fetch(new URL(data.list[0]!.images[0]!, t.base));
  expect(picture.status).toBe(200);

  const other = await appUserClient(t);
  expect((await other.client.send(appFeedbackApi.mine, {})).data).toEqual({ list: [], total: 0 });
});

test('pictures are checked by content and counted; a refused upload is not kept', async () => {
  const { client } = await appUserClient(t);
  const before = storedFiles().length;
  const disguised = new Blob(['<script>alert(1)</script>'], { type: 'image/png' });
  expect(await sendFeedback(client, { type: 'fault', content: 'Look' }, [png(3), disguised])).toMatchObject({ code: 400, key: 'file.type-not-allowed' });
  expect(await sendFeedback(client, { type: 'fault', content: 'Look' }, [png(4), png(5), png(6), png(7), png(8)])).toMatchObject({
    code: 400,
    params: { field: 'images' },
  });
  expect(await sendFeedback(client, { type: 'complaint', content: 'Look' }, [png(9)])).toMatchObject({ code: 400, params: { field: 'type' } });
  expect(await sendFeedback(client, { type: 'fault', content: '' })).toMatchObject({ code: 400, params: { field: 'content' } });
  // Pictures stored before the refusal are left to the file sweep: the same bytes may be shown elsewhere.
  await sweepFiles(t);
  expect(storedFiles().length).toBe(before);
  expect((await client.send(appFeedbackApi.mine, {})).data.total).toBe(0);
});
