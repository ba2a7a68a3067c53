import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Clock } from './clock';

/** What modules receive: the database, configuration, time and log. Nothing global. */
export interface AppContext {
  db: Database;
  config: Config;
  clock: Clock;
  log: FastifyBaseLogger;
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
