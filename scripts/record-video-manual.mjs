// Records the video manual's chapters: a real walk through the built console on demo data, in
// Chromium, encoded as WebM into the content seed (apps/server/src/modules/content/seed/video-manual).
// Run after `npm run build` when the screens a chapter shows have changed:
//   node scripts/record-video-manual.mjs [chapter…]
// Needs ffmpeg (Debian: apt-get install ffmpeg); nothing else in the repository does.
/* global document -- the page.evaluate callbacks run in the browser */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { startBuiltServer } from './built-server.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SEED = path.join(root, 'apps/server/src/modules/content/seed/video-manual');
const SIZE = { width: 1280, height: 720 };
/** How long a viewer needs to take in what just appeared. */
const LOOK = 1800;

const pause = (page, ms = LOOK) => page.waitForTimeout(ms);

/** Rings what is about to be clicked, as a presenter's pointer would, then clicks it. */
async function press(page, locator) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  if (box) {
    await page.evaluate((b) => {
      const ring = document.createElement('div');
      ring.id = 'record-ring';
      Object.assign(ring.style, {
        position: 'fixed',
        left: `${b.x - 6}px`,
        top: `${b.y - 6}px`,
        width: `${b.width + 12}px`,
        height: `${b.height + 12}px`,
        border: '3px solid #f5a623',
        borderRadius: '8px',
        zIndex: '100000',
        pointerEvents: 'none',
      });
      document.body.append(ring);
    }, box);
    await pause(page, 700);
    await page.evaluate(() => document.getElementById('record-ring')?.remove());
  }
  await locator.click();
}

/** Types as a person would, so the viewer sees the words arrive. */
async function type(page, locator, text) {
  await press(page, locator);
  await locator.pressSequentially(text, { delay: 90 });
}

const menuItem = (page, title) =>
  page
    .getByRole('menuitem')
    .filter({ hasText: new RegExp(`^${title}$`) })
    .first();

/** Until no spinner or skeleton shows: the screen has what it asked the server for. */
const settled = (page) =>
  page.waitForFunction(() => ![...document.querySelectorAll('.ant-spin-spinning, .ant-skeleton-active')].some((e) => e.getClientRects().length > 0), null, {
    timeout: 60_000,
  });

const open = async (page, route, ready) => {
  await page.goto(`/#${route}`);
  await ready.waitFor();
  await settled(page);
  await pause(page);
};

/** Each chapter's walk; the chapter texts in the seed describe the same steps in six languages. */
const CHAPTERS = {
  'getting-started': async (page, { password }) => {
    await page.goto('/#/login');
    await page.getByTestId('login-username').waitFor();
    await pause(page, 1000);
    await type(page, page.getByTestId('login-username'), 'admin');
    await type(page, page.getByTestId('login-password'), password);
    await press(page, page.getByTestId('login-submit'));
    await page.getByTestId('app-layout').waitFor();
    await settled(page);
    await pause(page, 2500);
    await press(page, menuItem(page, 'Stores'));
    await pause(page, 1000);
    await press(page, menuItem(page, 'Store management'));
    await settled(page);
    await pause(page, 2500);
  },
  stores: async (page) => {
    await open(page, '/store/mesh', page.getByTestId('row-detail').first());
    await press(page, page.getByTestId('row-detail').first());
    await page.getByTestId('store-detail').filter({ visible: true }).waitFor();
    await settled(page);
    await pause(page, 3000);
    const detail = page.getByTestId('store-detail').filter({ visible: true });
    await detail.getByTestId('store-members').scrollIntoViewIfNeeded();
    await pause(page, 2500);
    for (const tab of [/Groups/, /Devices/, /History/]) {
      await press(page, detail.getByRole('tab', { name: tab }));
      await settled(page);
      await pause(page, 2500);
    }
  },
  devices: async (page) => {
    await open(page, '/device/luminaire', page.locator('.ant-table-row').filter({ visible: true }).first());
    await pause(page, 1500);
    await open(page, '/device/group-control', page.getByTestId('command-form'));
    const form = page.getByTestId('command-form');
    await press(page, form.getByTestId('command-stores'));
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().waitFor();
    await pause(page, 1000);
    await press(page, page.locator('.ant-select-dropdown:visible .ant-select-item-option').first());
    await page.keyboard.press('Escape');
    await press(page, form.getByLabel('Brightness'));
    await form.getByRole('spinbutton').fill('');
    await type(page, form.getByRole('spinbutton'), '40');
    await pause(page, 800);
    await press(page, form.getByRole('button', { name: 'Send' }));
    await page.getByTestId('command-progress').waitFor();
    await pause(page, 4000);
  },
  firmware: async (page) => {
    await open(page, '/firmware/release', page.locator('.ant-table').filter({ visible: true }).first());
    await pause(page, 1500);
    await open(page, '/firmware/development', page.locator('.ant-table').filter({ visible: true }).first());
    await pause(page, 1500);
  },
  analytics: async (page) => {
    await open(page, '/today/index', page.getByTestId('app-layout'));
    await pause(page, 2500);
    await open(page, '/statistics/store-popularity', page.getByTestId('app-layout'));
    await pause(page, 2500);
    await open(page, '/heatmap/store', page.getByTestId('app-layout'));
    await pause(page, 2500);
    await open(page, '/counting/walk-in', page.getByTestId('app-layout'));
    await pause(page, 2500);
  },
};

/** Frames as the browser painted them, each kept until the next: the walk's real pace. */
async function recordFrames(page, dir, walk) {
  const cdp = await page.context().newCDPSession(page);
  const frames = [];
  cdp.on('Page.screencastFrame', ({ data, metadata, sessionId }) => {
    const file = path.join(dir, `frame-${String(frames.length).padStart(5, '0')}.jpg`);
    writeFileSync(file, Buffer.from(data, 'base64'));
    frames.push({ file, at: metadata.timestamp });
    void cdp.send('Page.screencastFrameAck', { sessionId }).catch(() => undefined);
  });
  await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 90, maxWidth: SIZE.width, maxHeight: SIZE.height });
  await walk();
  const end = Date.now() / 1000;
  await cdp.send('Page.stopScreencast');
  return frames.map((f, i) => ({ file: f.file, seconds: Math.max(0.04, (frames[i + 1]?.at ?? end) - f.at) }));
}

function encode(frames, dir, out) {
  const list = path.join(dir, 'frames.txt');
  const lines = frames.flatMap((f) => [`file '${f.file}'`, `duration ${f.seconds.toFixed(3)}`]);
  // The concat format takes the last file's duration only when it is listed once more.
  writeFileSync(list, [...lines, `file '${frames.at(-1).file}'`].join('\n'));
  const ffmpeg = spawnSync(
    'ffmpeg',
    ['-y', '-loglevel', 'error', '-f', 'concat', '-safe', '0', '-i', list, '-vf', `scale=${SIZE.width}:${SIZE.height},format=yuv420p`, '-r', '12'].concat([
      '-c:v',
      'libvpx-vp9',
      '-b:v',
      '0',
      '-crf',
      '42',
      '-row-mt',
      '1',
      '-an',
      out,
    ]),
    { stdio: 'inherit' },
  );
  if (ffmpeg.status !== 0) throw new Error(`ffmpeg failed for ${out}`);
}

const wanted = process.argv.slice(2);
const chapters = Object.entries(CHAPTERS).filter(([name]) => wanted.length === 0 || wanted.includes(name));
const server = await startBuiltServer({ prefix: 'lightdesk-record-' });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (const [name, walk] of chapters) {
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: SIZE, locale: 'en-US', reducedMotion: 'no-preference' });
    // The default brand opens in Chinese; the walk is filmed in English.
    await context.addInitScript(() => localStorage.setItem('lightdesk.language', JSON.stringify('en-US')));
    const page = await context.newPage();
    // The demo server is still placing its history while the first chapters are filmed.
    page.setDefaultTimeout(90_000);
    // Every chapter but the first starts signed in, as its viewer would.
    if (name !== 'getting-started') {
      await page.goto('/#/login');
      await page.getByTestId('login-username').fill('admin');
      await page.getByTestId('login-password').fill(server.password);
      await page.getByTestId('login-submit').click();
      await page.getByTestId('app-layout').waitFor();
    }
    const dir = mkdtempSync(path.join(tmpdir(), `lightdesk-video-${name}-`));
    try {
      const frames = await recordFrames(page, dir, () => walk(page, server));
      const out = path.join(SEED, `${name}.webm`);
      encode(frames, dir, out);
      console.log(`${name}: ${frames.length} frames, ${(statSync(out).size / 1024).toFixed(0)} KB → ${path.relative(root, out)}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
