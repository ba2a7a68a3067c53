export const serverBundle: string;
export const webBundle: string;

export function freePort(): Promise<number>;

export interface BuiltServer {
  baseURL: string;
  /** The admin password of this run; the demo staff share it. */
  password: string;
  dataDir: string;
  /** The server process, for measuring it. */
  pid: number;
  /** Stops the server and removes its data directory. */
  stop: () => Promise<void>;
}

/** Starts the built server on a free port with a fresh database (demo data unless `demo` is false, no captcha). */
export function startBuiltServer(options: { prefix: string; databaseUrl?: string; demo?: boolean }): Promise<BuiltServer>;

/** Signs in as `admin` through the API: the login answer's data (token, tenant). */
export function signInAsAdmin(
  baseURL: string,
  password: string,
): Promise<{ accessToken: string; expiresAt: string; userId: number; tenantId: number; tenantCode: string; tenantType: string }>;
