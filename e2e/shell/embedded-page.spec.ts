import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, storedSession, test } from '../fixtures';
import { inEnglish, sidebarItem } from './english';

test.beforeEach(({ page }) => inEnglish(page));

/** Another site: its own origin (another port), serving one page that may be framed. */
let site: Server;
let siteUrl: string;
test.beforeAll(async () => {
  site = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Dashboards</title><h1>Footfall dashboard</h1>'),
  );
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/board/7`;
});
test.afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

test('a menu entry that embeds another site shows that site inside the console, with a way to open it in a tab of its own', async ({ page, signIn }) => {
  await signIn(page, 'admin');
  const { accessToken } = (await storedSession(page))!;
  const headers = { authorization: `Bearer ${accessToken}` };
  const created = await page.request.post('/api/system/menu/create', {
    headers,
    data: { parentId: 0, name: 'Footfall board', type: 'M', path: siteUrl, sort: 999 },
  });
  const { data: id } = (await created.json()) as { data: number };
  try {
    // The menus are read at sign-in, and the console's policy names the framed sites at each load.
    await page.reload();
    await sidebarItem(page, 'Footfall board').click();
    // Before, the console's own Content-Security-Policy refused the frame: the fixture fails on any refusal.
    await expect(page.frameLocator('iframe[title="Footfall board"]').getByRole('heading', { name: 'Footfall dashboard' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute('href', siteUrl);
  } finally {
    await page.request.delete(`/api/system/menu/delete?id=${id}`, { headers });
  }
});
