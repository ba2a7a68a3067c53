import path from 'node:path';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Clock } from '../clock';
import { FileLinks } from './links';
import { LocalDiskStorage } from './local-disk';
import { s3Client, S3Storage } from './s3';
import { TrackedStorage } from './tracked';

export { FileLinks, FILE_LINK_PREFIX, LINK_SIGNATURE, withoutLinkSignature } from './links';
export { LocalDiskStorage } from './local-disk';
export { s3Client, S3Storage } from './s3';
export { fileRoutes, parseRange, sendStoredFile } from './routes';
export { storedFiles } from './schema';
export { fileTooLarge, fileTypeNotAllowed, isFileKey, type ByteRange, type FileBackend, type FileStorage, type PutRules, type StoredFile } from './storage';
export { fileSweepJob, UNREFERENCED_FILE_GRACE_MS } from './sweep';
export { TrackedStorage } from './tracked';

/** The server's files: where they are kept, and signed links to them. */
export interface Files {
  storage: TrackedStorage;
  links: FileLinks;
}

/**
 * Files where `STORAGE_URL` says (local disk under `DATA_DIR/files` unless it names an S3
 * bucket), each put recorded in `db`.
 */
export function configuredStorage(config: Config, db: Database, clock: Clock): TrackedStorage {
  const { storage } = config;
  const backend =
    storage.kind === 'local' ? new LocalDiskStorage(path.join(config.dataDir, 'files')) : new S3Storage(s3Client(storage), { bucket: storage.bucket });
  return new TrackedStorage(backend, db, clock);
}

/** The server's files where `STORAGE_URL` says, and links to them. */
export const configuredFiles = (config: Config, db: Database, clock: Clock): Files => ({
  storage: configuredStorage(config, db, clock),
  links: new FileLinks(db, clock),
});
