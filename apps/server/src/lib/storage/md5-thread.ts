import { Worker } from 'node:worker_threads';

/**
 * MD5 of uploads, computed on a thread of its own. Every upload is hashed twice (SHA-256 names
 * the file, MD5 is what many devices check); on one thread the two hashes, not the network or
 * the disk, bound how fast a large upload goes, and MD5 is the slower of them.
 *
 * Bytes travel to the thread in pieces that are handed over, not copied, and handed back to be
 * filled again, so an upload of any size uses the same few megabytes and makes no garbage.
 */

const PIECE_BYTES = 1024 * 1024;
/** Pieces per upload: while the thread hashes some, the upload fills the others. */
const PIECES = 4;

// Small and self-contained, so it is run from source rather than from a file the server's bundle would have to ship beside itself.
const THREAD_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const hashes = new Map();
parentPort.on('message', ({ id, piece, length, end }) => {
  let hash = hashes.get(id);
  if (!hash) hashes.set(id, (hash = createHash('md5')));
  if (piece) {
    hash.update(new Uint8Array(piece, 0, length));
    parentPort.postMessage({ id, piece }, [piece]);
  } else {
    hashes.delete(id);
    if (end) parentPort.postMessage({ id, md5: hash.digest('hex') });
  }
});
`;

interface Waiting {
  piece?: (piece: ArrayBuffer) => void;
  md5?: (md5: string) => void;
  fail: (error: Error) => void;
}

let thread: Worker | undefined;
const waiting = new Map<number, Waiting>();
let nextId = 0;

function theThread() {
  if (thread) return thread;
  const started = new Worker(THREAD_SOURCE, { eval: true });
  // It must not keep a finished server alive.
  started.unref();
  started.on('message', ({ id, piece, md5 }: { id: number; piece?: ArrayBuffer; md5?: string }) => {
    const w = waiting.get(id);
    if (piece) w?.piece?.(piece);
    else if (md5 !== undefined) w?.md5?.(md5);
  });
  const lost = (error: Error) => {
    thread = undefined;
    for (const w of waiting.values()) w.fail(error);
    waiting.clear();
  };
  started.on('error', lost);
  started.on('exit', (code) => lost(new Error(`the MD5 thread stopped (exit code ${code})`)));
  return (thread = started);
}

/** One upload's MD5: `update` with every chunk in order, then `digest` once, or `discard`. */
export function md5OnThread() {
  const worker = theThread();
  const id = nextId++;
  const free: ArrayBuffer[] = Array.from({ length: PIECES }, () => new ArrayBuffer(PIECE_BYTES));
  let filling: Uint8Array | undefined;
  let filled = 0;
  let failure: Error | undefined;
  let pieceBack: (() => void) | undefined;
  const entry: Waiting = {
    piece: (piece) => {
      free.push(piece);
      pieceBack?.();
    },
    fail: (error) => {
      failure = error;
      pieceBack?.();
    },
  };
  waiting.set(id, entry);

  const send = (length: number) => {
    const piece = filling!.buffer as ArrayBuffer;
    filling = undefined;
    filled = 0;
    worker.postMessage({ id, piece, length }, [piece]);
  };
  const aPiece = async () => {
    while (!free.length && !failure) await new Promise<void>((resolve) => (pieceBack = resolve));
    if (failure) throw failure;
    return new Uint8Array(free.pop()!);
  };

  return {
    /** Waits only when every piece is with the thread, which holds the upload back to the thread's pace. */
    async update(chunk: Uint8Array) {
      let offset = 0;
      while (offset < chunk.length) {
        filling ??= await aPiece();
        const taken = Math.min(chunk.length - offset, PIECE_BYTES - filled);
        filling.set(chunk.subarray(offset, offset + taken), filled);
        filled += taken;
        offset += taken;
        if (filled === PIECE_BYTES) send(filled);
      }
    },
    async digest(): Promise<string> {
      if (filled > 0) send(filled);
      if (failure) throw failure;
      const md5 = new Promise<string>((resolve, reject) => {
        entry.md5 = resolve;
        entry.fail = reject;
      });
      worker.postMessage({ id, end: true });
      try {
        return await md5;
      } finally {
        waiting.delete(id);
      }
    },
    /** For an upload that stops before its end: the thread forgets it. */
    discard() {
      if (!waiting.delete(id)) return;
      thread?.postMessage({ id });
    },
  };
}
