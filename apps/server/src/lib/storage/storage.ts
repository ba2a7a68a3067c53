import type { Readable } from 'node:stream';
import { FILE_TYPES, ResultCode, type FileTypeName } from '@lightdesk/contract';
import { AppError } from '../errors';

/** A stored file: its key is its SHA-256, so the same content is stored once. */
export interface StoredFile {
  key: string;
  size: number;
  /** Hex SHA-256 of the content. */
  sha256: string;
  /** Hex MD5 of the content, for devices that verify downloads with it. */
  md5: string;
  contentType: string;
}

/** What an upload must be: at most this large, and of one of these types by content. */
export interface PutRules {
  maxBytes: number;
  types: readonly FileTypeName[];
}

/** Inclusive byte positions, as HTTP ranges count them. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The server's files as its features use them. `put` reads a stream once, never holding the
 * whole file in memory, and refuses what breaks the rules without keeping any of it. There is
 * no delete: one file may back the rows of several features at once (it is kept by content), so
 * only the sweep, which sees every reference, deletes (tracked.ts).
 */
export interface FileStorage {
  put(source: Readable | AsyncIterable<Uint8Array>, rules: PutRules): Promise<StoredFile>;
  /** The file, or only the bytes of `range`; null when there is no such file. */
  get(key: string, range?: ByteRange): Promise<(StoredFile & { body: Readable }) | null>;
  stat(key: string): Promise<StoredFile | null>;
}

/** Where the bytes are kept: local disk, or an S3 bucket. */
export interface FileBackend extends FileStorage {
  /** `placing` runs once the file has passed every check, before it is put under its key. */
  put(source: Readable | AsyncIterable<Uint8Array>, rules: PutRules, placing?: (key: string) => Promise<void>): Promise<StoredFile>;
  /** True when there was a file to delete. */
  delete(key: string): Promise<boolean>;
}

/** Keys are SHA-256 in hex; anything else is no key of ours (and never reaches a file path). */
export const isFileKey = (key: string) => /^[0-9a-f]{64}$/.test(key);

export const fileTooLarge = (maxBytes: number) =>
  new AppError(ResultCode.badInput, 'file.too-large', { field: 'file', size: Math.round((maxBytes / (1024 * 1024)) * 10) / 10 });

export const fileTypeNotAllowed = (types: readonly FileTypeName[]) =>
  new AppError(ResultCode.badInput, 'file.type-not-allowed', { field: 'file', types: types.map((t) => FILE_TYPES[t].label).join(', ') });
