import * as contract from '@lightdesk/contract';
import type { AnswerOf, Endpoint, HttpMethod, InputFor } from '@lightdesk/contract';
import { vi } from 'vitest';
import { safeParse } from 'zod/v4/core';
import type * as Clients from '../lib/http/clients';
import type { Http } from '../lib/http/client';

type Answer<E extends Endpoint> = AnswerOf<E> | ((input: InputFor<E>) => AnswerOf<E> | Promise<AnswerOf<E>>);

const keyOf = (method: HttpMethod, path: string) => `${method} ${path}`;

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'access' in value;

/** Every endpoint the contract declares, alone or in a resource's set, by `METHOD /path`. */
const declared = new Map(
  Object.values(contract)
    .flatMap((value) => (isEndpoint(value) ? [value] : typeof value === 'object' && value !== null ? Object.values(value).filter(isEndpoint) : []))
    .map((endpoint) => [keyOf(endpoint.method, endpoint.path), endpoint]),
);

/** The declared endpoints with path parameters, matched against a called path. */
const templates = [...declared.values()]
  .filter((endpoint) => endpoint.params)
  .map((endpoint) => {
    const names: string[] = [];
    const pattern = endpoint.path.replace(/:(\w+)/g, (_segment, name: string) => (names.push(name), '([^/]+)'));
    return { endpoint, names, pattern: new RegExp(`^${pattern}$`) };
  });

/** The declaration a call reached, and its whole input: path parameters back with the query or body. */
function resolve(method: HttpMethod, path: string, input: unknown): { key: string; input: unknown } {
  for (const { endpoint, names, pattern } of templates) {
    const match = endpoint.method === method ? pattern.exec(path) : null;
    if (!match) continue;
    const params = Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
    return { key: keyOf(method, endpoint.path), input: { ...params, ...(input as object | undefined) } };
  }
  return { key: keyOf(method, path), input };
}

/**
 * What a declared write answers unless the test says otherwise: the success its answer schema
 * reads from `true` (`true` for an update or delete, id 1 for a create).
 */
function defaultAnswer(key: string): { value: unknown } | undefined {
  const endpoint = declared.get(key);
  if (!endpoint?.answer || endpoint.method === 'GET') return undefined;
  const parsed = safeParse(endpoint.answer, true);
  return parsed.success ? { value: parsed.data } : undefined;
}

/**
 * A fake of the HTTP clients, keyed by the contract's endpoint descriptors: a test says what an
 * endpoint answers with `answer(postApi.page, …)` (type-checked against its answer schema) and
 * reads what a screen sent with `sent(postApi.create)`. The real `call` builds the request, so
 * a screen calling a path the contract does not declare fails the test; declared writes
 * succeed unless answered otherwise, reads must be answered.
 *
 * One per test file, created in `vi.hoisted` so the mock factory can reach it:
 * ```
 * const server = await vi.hoisted(async () => (await import('<…>/test/fake-server')).fakeServer());
 * vi.mock('<…>/lib/http/clients', (original) => server.clientsModule(original));
 * beforeEach(() => server.reset());
 * ```
 */
export function fakeServer() {
  const answers = new Map<string, unknown>();
  const requests: { key: string; input: unknown }[] = [];

  const respond = async (method: HttpMethod, path: string, sentInput: unknown): Promise<unknown> => {
    const { key, input } = resolve(method, path, sentInput);
    requests.push({ key, input });
    const given = answers.has(key) ? { value: answers.get(key) } : defaultAnswer(key);
    if (!given) throw new Error(declared.has(key) ? `no answer for ${key}` : `${key} is not declared in the contract`);
    return typeof given.value === 'function' ? await (given.value as (i: unknown) => unknown)(input) : given.value;
  };
  const handle = (base: string, method: HttpMethod) => vi.fn((url: string, input?: unknown) => respond(method, base + url, input));
  // The clients' methods are generic in their answer; the fake answers whatever the test declared.
  const http = (base: string) =>
    ({
      get: handle(base, 'GET'),
      post: handle(base, 'POST'),
      postForm: handle(base, 'POST'),
      put: handle(base, 'PUT'),
      delete: handle(base, 'DELETE'),
    }) as unknown as Http;
  const clients = { api: http('/api'), openApi: http('/open'), furtherApi: http('/api/v2/saas/web') };
  const sentTo = (key: string) => requests.filter((r) => r.key === key).map((r) => r.input);

  return {
    clients,
    /** The factory of `vi.mock('<…>/lib/http/clients', …)`: the real module with its JSON clients replaced. */
    async clientsModule(importOriginal: <T>() => Promise<T>): Promise<typeof Clients> {
      return { ...(await importOriginal<typeof Clients>()), ...clients };
    },
    answer<E extends Endpoint>(endpoint: E, answer: Answer<E>) {
      answers.set(keyOf(endpoint.method, endpoint.path), answer);
    },
    /** The inputs sent to an endpoint (query or body), oldest first. */
    sent<E extends Endpoint>(endpoint: E): InputFor<E>[] {
      return sentTo(keyOf(endpoint.method, endpoint.path)) as InputFor<E>[];
    },
    reset() {
      answers.clear();
      requests.length = 0;
    },
  };
}
export type FakeServer = ReturnType<typeof fakeServer>;
