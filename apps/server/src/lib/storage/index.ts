import path from 'node:path';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Clock } from '../clock';
import { FileLinks } from './links';
import { LocalDiskStorage } from './local-disk';
import type { FileStorage } from './storage';

export { FileLinks, FILE_LINK_PREFIX } from './links';
export { LocalDiskStorage } from './local-disk';
export { fileRoutes, parseRange } from './routes';
export { fileTooLarge, fileTypeNotAllowed, isFileKey, type ByteRange, type FileStorage, type PutRules, type StoredFile } from './storage';

/** The server's files: where they are kept, and signed links to them. */
export interface Files {
  storage: FileStorage;
  links: FileLinks;
}

/** Files on local disk under `DATA_DIR/files`. */
export const localFiles = (config: Config, db: Database, clock: Clock): Files => ({
  storage: new LocalDiskStorage(path.join(config.dataDir, 'files')),
  links: new FileLinks(db, clock),
});
