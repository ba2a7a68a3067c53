import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp, { type FileHandle } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkUpload } from './intake';
import { isFileKey, type ByteRange, type FileBackend, type PutRules, type StoredFile } from './storage';

/** Large files go out in pieces of 1 MiB: far fewer writes to the socket than the 64 KiB default. */
const READ_PIECE_BYTES = 1024 * 1024;
/**
 * Up to this much of an upload waits while a write to disk is under way, and then goes in one
 * `writev`: the disk works while the next chunks are received and hashed, instead of the upload
 * stopping for every write, as it would at the default of 16 KiB.
 */
const WRITE_QUEUE_BYTES = 8 * 1024 * 1024;
/**
 * An upload is on the disk before it is answered, since what the caller stores next (a firmware
 * row, an app version) refers to it. The kernel would keep a new file's pages in memory until
 * long after the upload; asking it to write them out every few megabytes while the rest still
 * arrives leaves only the last few for the final `fsync` to wait for.
 */
const FLUSH_EVERY_BYTES = 32 * 1024 * 1024;

/**
 * Passes the chunks on to be written and has the file's data written to disk in the background
 * as they go; `done` waits for all of it to be on the disk.
 */
function flushingAsWritten(file: FileHandle) {
  let unflushed = 0;
  let flushing: Promise<void> = Promise.resolve();
  let inFlight = false;
  return {
    async *pass(this: void, chunks: AsyncIterable<Uint8Array>) {
      for await (const chunk of chunks) {
        yield chunk;
        unflushed += chunk.length;
        // One flush at a time: the next covers whatever was written in the meantime.
        if (unflushed >= FLUSH_EVERY_BYTES && !inFlight) {
          unflushed = 0;
          inFlight = true;
          flushing = file.datasync().finally(() => (inFlight = false));
        }
      }
    },
    done: async () => {
      await flushing;
      await file.sync();
    },
  };
}

/** Makes a rename or a new name in `folder` survive a crash. */
async function syncFolder(folder: string) {
  const handle = await fsp.open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function writeDurably(file: string, text: string) {
  const handle = await fsp.open(file, 'w');
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

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
export class LocalDiskStorage implements FileBackend {
  constructor(private readonly root: string) {}

  private pathOf(key: string) {
    return path.join(this.root, key.slice(0, 2), key);
  }

  async put(source: Readable | AsyncIterable<Uint8Array>, rules: PutRules, placing?: (key: string) => Promise<void>): Promise<StoredFile> {
    const incoming = path.join(this.root, '.incoming');
    await fsp.mkdir(incoming, { recursive: true });
    const temporary = path.join(incoming, randomUUID());
    const intake = checkUpload(rules);
    try {
      const writing = fs.createWriteStream(temporary, { flags: 'wx', highWaterMark: WRITE_QUEUE_BYTES });
      await once(writing, 'open');
      // A second handle on the same file, to flush it while the stream writes.
      const flusher = await fsp.open(temporary, 'r');
      try {
        const flush = flushingAsWritten(flusher);
        await pipeline(source, intake.check, flush.pass, writing);
        await flush.done();
      } finally {
        await flusher.close();
      }
      const { sha256, ...meta } = intake.result();
      await placing?.(sha256);
      const target = this.pathOf(sha256);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await writeDurably(`${target}.json`, JSON.stringify(meta));
      // The same content may already be there: the rename replaces it with identical bytes.
      await fsp.rename(temporary, target);
      await syncFolder(path.dirname(target));
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
