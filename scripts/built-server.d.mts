export const serverBundle: string;
export const webBundle: string;

export function freePort(): Promise<number>;

export interface BuiltServer {
  baseURL: string;
  /** The admin password of this run; the demo staff share it. */
  password: string;
  dataDir: string;
  /** Stops the server and removes its data directory. */
  stop: () => Promise<void>;
}

/** Starts the built server on a free port with a fresh database (demo data, no captcha). */
export function startBuiltServer(options: { prefix: string; databaseUrl?: string }): Promise<BuiltServer>;
