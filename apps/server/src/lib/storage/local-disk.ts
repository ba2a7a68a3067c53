import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkUpload } from './intake';
import { isFileKey, type ByteRange, type FileStorage, type PutRules, type StoredFile } from './storage';

/** Large files go out in pieces of 1 MiB: far fewer writes to the socket than the 64 KiB default. */
const READ_PIECE_BYTES = 1024 * 1024;

interface Meta {
  size: number;
  contentType: string;
  md5: string;
}

/**
 * Files on local disk under one folder (`DATA_DIR/files`), named by their SHA-256 and spread
 * over 256 sub-folders by its first two digits; a small JSON file beside each keeps its size
 * and type. An upload is written to `.incoming/` first and moved into place only once it has
 * passed every check, so a refused or broken upload never appears as a file.
 */
export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string) {
    return path.join(this.root, key.slice(0, 2), key);
  }

  async put(source: Readable | AsyncIterable<Uint8Array>, rules: PutRules): Promise<StoredFile> {
    const incoming = path.join(this.root, '.incoming');
    await fsp.mkdir(incoming, { recursive: true });
    const temporary = path.join(incoming, randomUUID());
    const intake = checkUpload(rules);
    try {
      await pipeline(source, intake.check, fs.createWriteStream(temporary, { flags: 'wx' }));
      const { sha256, ...meta } = intake.result();
      const target = this.pathOf(sha256);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.writeFile(`${target}.json`, JSON.stringify(meta));
      // The same content may already be there: the rename replaces it with identical bytes.
      await fsp.rename(temporary, target);
      return { key: sha256, sha256, ...meta };
    } finally {
      await fsp.rm(temporary, { force: true });
    }
  }

  async stat(key: string): Promise<StoredFile | null> {
    if (!isFileKey(key)) return null;
    try {
      const meta = JSON.parse(await fsp.readFile(`${this.pathOf(key)}.json`, 'utf8')) as Meta;
      await fsp.access(this.pathOf(key));
      return { key, sha256: key, size: meta.size, contentType: meta.contentType, md5: meta.md5 };
    } catch {
      return null;
    }
  }

  async get(key: string, range?: ByteRange) {
    const file = await this.stat(key);
    if (!file) return null;
    return { ...file, body: fs.createReadStream(this.pathOf(key), { ...range, highWaterMark: READ_PIECE_BYTES }) };
  }

  async delete(key: string): Promise<boolean> {
    if (!(await this.stat(key))) return false;
    await fsp.rm(this.pathOf(key), { force: true });
    await fsp.rm(`${this.pathOf(key)}.json`, { force: true });
    return true;
  }
}
