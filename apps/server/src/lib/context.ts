import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Clock } from './clock';
import type { StoredDictionaries } from './excel';
import type { Jobs } from './jobs';
import type { Files } from './storage';

/** What modules receive: the database, configuration, time, log, jobs, files and dictionaries. Nothing global. */
export interface AppContext {
  db: Database;
  config: Config;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The declared jobs: queue one, run a scheduled one now. */
  jobs: Jobs;
  /** Stored files and signed links to them. */
  files: Files;
  /** The dictionaries' stored labels (administration owns them), for files that show entries as the lists do. */
  dictionaries: StoredDictionaries;
}

/** The signed-in caller; tenant and data scope come from here, never from the request. */
export interface Session {
  id: number;
  userId: number;
  username: string;
  tenantId: number;
  tenantCode: string;
  tenantType: 'platform' | 'agent';
  roles: string[];
  permissions: string[];
}
