import { deflateSync } from 'node:zlib';
import { randomInt, randomUUID } from 'node:crypto';
import { ResultCode, type Captcha } from '@lightdesk/contract';
import { and, eq, gt, lt } from 'drizzle-orm';
import { captchas } from '../schema';
import { addSeconds } from '../../../lib/clock';
import type { AppContext } from '../../../lib/context';
import { AppError } from '../../../lib/errors';
import { sha256 } from '../../../lib/secrets';

export const CAPTCHA_TTL_SECONDS = 120;

/** 5×7 glyphs of the characters a captcha uses: no 0/O, 1/I/L or other look-alikes. */
const GLYPHS: Record<string, string> = {
  '2': '01110100010000100010001000100011111',
  '3': '11110000010000101110000010000111110',
  '4': '00010001100101010010111110001000010',
  '5': '11111100001111000001000011000101110',
  '6': '00110010001000011110100011000101110',
  '7': '11111000010001000100010000100001000',
  '8': '01110100011000101110100011000101110',
  '9': '01110100011000101111000010001001100',
  A: '01110100011000111111100011000110001',
  B: '11110100011000111110100011000111110',
  C: '01110100011000010000100001000101110',
  D: '11100100101000110001100011001011100',
  E: '11111100001000011110100001000011111',
  F: '11111100001000011110100001000010000',
  H: '10001100011000111111100011000110001',
  K: '10001100101010011000101001001010001',
  M: '10001110111010110101100011000110001',
  N: '10001110011010110011100011000110001',
  P: '11110100011000111110100001000010000',
  R: '11110100011000111110101001001010001',
  T: '11111001000010000100001000010000100',
  U: '10001100011000110001100011000101110',
  X: '10001100010101000100010101000110001',
  Y: '10001100010101000100001000010000100',
};
const ALPHABET = Object.keys(GLYPHS);
const WIDTH = 120;
const HEIGHT = 40;
const SCALE = 4;

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

/** Draws the answer as a noisy greyscale PNG: pixels, not text a script could read out of markup. */
export function renderCaptcha(answer: string): Buffer {
  const px = new Uint8Array(WIDTH * HEIGHT).fill(255);
  const set = (x: number, y: number, v: number) => {
    if (x >= 0 && y >= 0 && x < WIDTH && y < HEIGHT) px[y * WIDTH + x] = v;
  };
  for (let i = 0; i < 260; i++) set(randomInt(WIDTH), randomInt(HEIGHT), randomInt(90, 200));
  [...answer].forEach((ch, i) => {
    const glyph = GLYPHS[ch] ?? '';
    const ox = 8 + i * 27 + randomInt(-2, 3);
    const oy = 4 + randomInt(-3, 4);
    const slant = randomInt(-3, 4) / 10;
    for (let gy = 0; gy < 7; gy++)
      for (let gx = 0; gx < 5; gx++) {
        if (glyph[gy * 5 + gx] !== '1') continue;
        for (let dy = 0; dy < SCALE; dy++)
          for (let dx = 0; dx < SCALE; dx++) {
            const y = oy + gy * SCALE + dy;
            set(ox + gx * SCALE + dx + Math.round((y - 20) * slant), y, randomInt(0, 70));
          }
      }
  });
  for (let line = 0; line < 3; line++) {
    let y = randomInt(HEIGHT);
    const drift = randomInt(-2, 3) / 8;
    for (let x = 0; x < WIDTH; x++) set(x, Math.round((y += drift)), 60);
  }
  const raw = Buffer.alloc((WIDTH + 1) * HEIGHT);
  for (let y = 0; y < HEIGHT; y++) Buffer.from(px.subarray(y * WIDTH, (y + 1) * WIDTH)).copy(raw, y * (WIDTH + 1) + 1);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const hashAnswer = (id: string, answer: string) => sha256(`${id}:${answer.trim().toUpperCase()}`);

export async function createCaptcha(ctx: AppContext): Promise<Captcha & { answer: string }> {
  const now = ctx.clock.now();
  const id = randomUUID();
  const answer = Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  // Expired challenges are cleaned as new ones are made, so the table stays small.
  await ctx.db.delete(captchas).where(lt(captchas.expiresAt, now));
  await ctx.db.insert(captchas).values({ id, answerHash: hashAnswer(id, answer), expiresAt: addSeconds(now, CAPTCHA_TTL_SECONDS), createdAt: now });
  return { captchaId: id, image: `data:image/png;base64,${renderCaptcha(answer).toString('base64')}`, expiresIn: CAPTCHA_TTL_SECONDS, answer };
}

export const captchaRequired = () => new AppError(ResultCode.badInput, 'auth.captcha-required', { field: 'captchaVerification' });

/** `<captchaId>:<answer>`; a challenge is consumed by its first check, right or wrong. */
export async function checkCaptcha(ctx: AppContext, verification: string | undefined): Promise<boolean> {
  const sep = verification?.indexOf(':') ?? -1;
  if (!verification || sep < 1) return false;
  const id = verification.slice(0, sep);
  const answer = verification.slice(sep + 1);
  const [row] = await ctx.db
    .delete(captchas)
    .where(and(eq(captchas.id, id), gt(captchas.expiresAt, ctx.clock.now())))
    .returning({ answerHash: captchas.answerHash });
  return !!row && row.answerHash === hashAnswer(id, answer);
}
