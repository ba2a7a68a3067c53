import { deflateSync } from 'node:zlib';

// A tiny PNG encoder for the demo's feedback pictures: real PNG files, made on the spot, so the
// repository carries no binary and the pictures go through the same content check as a phone's.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A width × height RGB picture of a ceiling light: a warm glow on a dark ceiling, its colour
 * turned by `hue` (0–1) so each demo picture differs.
 */
export function luminairePicture(width: number, height: number, hue: number): Buffer {
  const rows: Buffer[] = [];
  const [cx, cy, r] = [width / 2, height / 3, Math.min(width, height) / 2.2];
  const tint = [1, 0.85 - 0.3 * hue, 0.55 + 0.4 * hue];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0: none
    for (let x = 0; x < width; x++) {
      const glow = Math.max(0, 1 - Math.hypot(x - cx, y - cy) / r) ** 1.6;
      for (let i = 0; i < 3; i++) row[1 + x * 3 + i] = Math.round(Math.min(255, 28 + 30 * (y / height) + 227 * glow * tint[i]!));
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
