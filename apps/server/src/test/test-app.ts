import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { authApi, callPath, nestedParams, ResultCode, type AnswerOf, type Endpoint, type Envelope, type InputFor, type LoginResult } from '@lightdesk/contract';
import * as z from 'zod/v4/core';
import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { expect, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions, type LightdeskApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import type { Clock } from '../lib/clock';
import type { Area } from '../lib/routes';
import { menus, roleMenus, roles, userRoles, users } from '../modules/system/schema';
import { TEST_PASSWORD } from './constants';

export { TEST_PASSWORD };

/** Real time plus an offset that tests move forward to cross expiry limits. */
export class TestClock implements Clock {
  private offsetMs = 0;
  now() {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(seconds: number) {
    this.offsetMs += seconds * 1000;
  }
  /** Runs on from the given moment, for tests whose answer depends on the hour of a local day. */
  setTo(moment: Date) {
    this.offsetMs = moment.getTime() - Date.now();
  }
  /** Runs on from the start of the next minute: what a test counts in fixed one-minute windows (rate limits) then falls in one window. */
  toNextMinute() {
    this.setTo(new Date((Math.floor(this.now().getTime() / 60_000) + 1) * 60_000));
  }
}

type Query = Record<string, string | number | boolean | undefined>;

/**
 * A successful answer read with the endpoint's answer schema. The answer must be exactly what
 * the schema describes: a wrong or missing field fails, and so does a field the schema does not
 * name (it would drop it) or one it fills in with a default.
 */
export function parseAnswer<E extends Endpoint>(endpoint: E, data: unknown): AnswerOf<E> {
  if (!endpoint.answer) throw new Error(`${endpoint.method} ${endpoint.path} declares no answer`);
  const parsed = z.parse(endpoint.answer, data);
  expect(parsed, `${endpoint.method} ${endpoint.path}: the answer holds more or other than its schema`).toEqual(data);
  return parsed as AnswerOf<E>;
}

/** A call of an endpoint as HTTP: its path parameters filled, the rest of the input as query string (GET, DELETE) or body. */
export function requestOf(endpoint: Endpoint, input: unknown): { method: string; path: string; body?: unknown } {
  const { path, rest } = callPath(endpoint, input);
  if (endpoint.method !== 'GET' && endpoint.method !== 'DELETE') return { method: endpoint.method, path, body: rest ?? {} };
  const search = new URLSearchParams();
  const nested: string[] = [];
  for (const [k, v] of Object.entries((rest ?? {}) as Record<string, unknown>)) {
    if (v === undefined) continue;
    // Objects and arrays travel as the further client sends them (`period[kind]=day`).
    if (typeof v === 'object' && v !== null) nested.push(nestedParams({ [k]: v }));
    else search.set(k, `${v as string | number | boolean}`);
  }
  const query = [search.toString(), ...nested].filter(Boolean).join('&');
  return { method: endpoint.method, path: query ? `${path}?${query}` : path };
}

/** The envelope of a call, its data parsed with the endpoint's answer schema when it succeeded. */
export function checkedEnvelope<E extends Endpoint>(endpoint: E, envelope: Envelope<unknown>): Envelope<AnswerOf<E>> {
  if (envelope.code !== ResultCode.ok || !endpoint.answer) return envelope as Envelope<AnswerOf<E>>;
  return { ...envelope, data: parseAnswer(endpoint, envelope.data) };
}

/** The input argument of a call: none for an endpoint that takes none. */
export type InputArgs<E extends Endpoint> = InputFor<E> extends undefined ? [] : [input: InputFor<E>];

/** A caller over real HTTP; `token` and extra headers ride along on every call. */
export class ApiClient {
  constructor(
    readonly base: string,
    readonly token?: string,
    readonly headers: Record<string, string> = {},
  ) {}

  withHeaders(headers: Record<string, string>) {
    return new ApiClient(this.base, this.token, { ...this.headers, ...headers });
  }

  async raw(method: string, path: string, options: { query?: Query; body?: unknown; headers?: Record<string, string>; rawBody?: string } = {}) {
    const url = new URL(path, this.base);
    for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { ...this.headers, ...options.headers };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    return fetch(url, { method, headers, body });
  }

  async call<T = unknown>(method: string, path: string, options: Parameters<ApiClient['raw']>[2] = {}): Promise<Envelope<T>> {
    const res = await this.raw(method, path, options);
    return (await res.json()) as Envelope<T>;
  }
  get<T = unknown>(path: string, query?: Query) {
    return this.call<T>('GET', path, { query });
  }
  post<T = unknown>(path: string, body?: unknown) {
    return this.call<T>('POST', path, { body: body ?? {} });
  }
  put<T = unknown>(path: string, body?: unknown) {
    return this.call<T>('PUT', path, { body: body ?? {} });
  }
  delete<T = unknown>(path: string, query?: Query) {
    return this.call<T>('DELETE', path, { query });
  }

  /**
   * Calls an endpoint declared in the contract and parses a successful answer with its answer
   * schema, so a handler answering a shape the contract does not promise fails the test.
   */
  async send<E extends Endpoint>(endpoint: E, ...[input]: InputArgs<E>): Promise<Envelope<AnswerOf<E>>> {
    const { method, path, body } = requestOf(endpoint, input);
    return checkedEnvelope(endpoint, await this.call(method, path, { body }));
  }
}

export interface TestApp extends LightdeskApp {
  base: string;
  clock: TestClock;
  database: DatabaseHandle;
  api: ApiClient;
  login(username: string, password?: string, extra?: Record<string, unknown>): Promise<Envelope<LoginResult>>;
  signIn(username: string, password?: string): Promise<ApiClient>;
  /** Gives a user a new role holding exactly the menus that carry these permission codes. */
  grant(username: string, permissions: string[]): Promise<void>;
  /**
   * Another server on this one's database, as a second process behind a load balancer would be:
   * its own connections (PGlite: the same embedded database), memory and clock. Close it first.
   */
  sibling(env?: Record<string, string>, options?: TestAppOptions): Promise<TestApp>;
  close(): Promise<void>;
}

/** A test database, and how to open it once more for another server. */
interface TestDatabase {
  database: DatabaseHandle;
  /** A handle of its own on the same database; closing it leaves the database to the first. */
  another: () => Promise<DatabaseHandle>;
  drop: () => Promise<void>;
}

async function cloneDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `ld_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openDatabase({ url: target.toString() });
    return {
      database,
      another: () => openDatabase({ url: target.toString() }),
      drop: async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const dump = fs.readFileSync(inject('pgliteTemplate'));
  const client = await PGlite.create({ loadDataDir: new Blob([dump]) });
  // One process, one embedded database: the other server shares the client, which only the first closes.
  const another = async () => ({ ...(await openDatabase({ pglite: client })), close: () => Promise.resolve() });
  return { database: await openDatabase({ pglite: client }), another, drop: () => Promise.resolve() };
}

export interface TestAppOptions {
  /** The server's logger (silent unless given), e.g. `{ level: 'error', stream }` to read what it logs. */
  logger?: BuildOptions['logger'];
  /** Adds routes of the test's own (a failing export, say) before the server listens. */
  beforeListen?: (app: FastifyInstance) => void;
  /** The areas to serve, when a test needs one of its own beside the product's. */
  areas?: Area[];
  /** A folder holding a built web app (`index.html`, `assets/`) for the server to serve. */
  webRoot?: string;
}

/** A whole server on a fresh copy of the seeded test database, listening on a free port. */
export async function testApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  return serverOn(await cloneDatabase(), env, options);
}

async function serverOn(test: TestDatabase, env: Record<string, string>, options: TestAppOptions): Promise<TestApp> {
  const { database, drop } = test;
  const clock = new TestClock();
  // Each server keeps its files in a folder of its own, removed when it closes.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lightdesk-test-'));
  const config = loadConfig({
    LIGHTDESK_CAPTCHA: 'off',
    LIGHTDESK_RATE_LIMIT: 'off',
    LIGHTDESK_OVERLOAD_DELAY_MS: '0',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ...env,
  });
  const built = await buildApp({
    config,
    database,
    clock,
    logger: options.logger ?? false,
    ...(options.areas && { areas: options.areas }),
    ...(options.webRoot && { webRoot: options.webRoot }),
  });
  options.beforeListen?.(built.app);
  // A free port unless the test names one (when the address must be known before start, e.g. LIGHTDESK_PUBLIC_URL).
  const address = await built.app.listen({ port: env.PORT ? config.port : 0, host: '127.0.0.1' });
  const api = new ApiClient(address);
  const login = (username: string, password = TEST_PASSWORD, extra: Record<string, unknown> = {}) => api.send(authApi.login, { username, password, ...extra });
  return {
    ...built,
    base: address,
    clock,
    database,
    api,
    login,
    async signIn(username, password = TEST_PASSWORD) {
      const res = await login(username, password);
      if (res.code !== 200) throw new Error(`sign-in of ${username} failed: ${res.egMsg}`);
      return new ApiClient(address, res.data.accessToken);
    },
    async grant(username, permissions) {
      const { db } = built.ctx;
      const [user] = await db.select().from(users).where(eq(users.username, username));
      const [role] = await db
        .insert(roles)
        .values({ tenantId: user!.tenantId, code: `test_${randomBytes(4).toString('hex')}`, name: 'Test role' })
        .returning();
      const granted = await db.select({ id: menus.id }).from(menus).where(inArray(menus.permission, permissions));
      if (granted.length) await db.insert(roleMenus).values(granted.map((m) => ({ roleId: role!.id, menuId: m.id })));
      await db.insert(userRoles).values({ userId: user!.id, roleId: role!.id });
    },
    async sibling(siblingEnv = env, siblingOptions = options) {
      return serverOn({ ...test, database: await test.another(), drop: () => Promise.resolve() }, siblingEnv, siblingOptions);
    },
    async close() {
      // The tests are over: drop pooled client sockets rather than wait for them to idle out.
      built.app.server.closeAllConnections();
      await built.app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
