import path from 'node:path';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Clock } from '../clock';
import { FileLinks } from './links';
import { LocalDiskStorage } from './local-disk';
import { s3Client, S3Storage } from './s3';
import type { FileStorage } from './storage';

export { FileLinks, FILE_LINK_PREFIX } from './links';
export { LocalDiskStorage } from './local-disk';
export { s3Client, S3Storage } from './s3';
export { fileRoutes, parseRange, sendStoredFile } from './routes';
export { fileTooLarge, fileTypeNotAllowed, isFileKey, type ByteRange, type FileStorage, type PutRules, type StoredFile } from './storage';

/** The server's files: where they are kept, and signed links to them. */
export interface Files {
  storage: FileStorage;
  links: FileLinks;
}

/** Where `STORAGE_URL` says files are kept: local disk under `DATA_DIR/files` unless it names an S3 bucket. */
export function configuredStorage(config: Config): FileStorage {
  const { storage } = config;
  if (storage.kind === 'local') return new LocalDiskStorage(path.join(config.dataDir, 'files'));
  return new S3Storage(s3Client(storage), { bucket: storage.bucket });
}

/** Files where `STORAGE_URL` says: local disk under `DATA_DIR/files` unless it names an S3 bucket. */
export const configuredFiles = (config: Config, db: Database, clock: Clock): Files => ({
  storage: configuredStorage(config),
  links: new FileLinks(db, clock),
});
