import type { AnswerOf, Endpoint, InputFor } from '@lightdesk/contract';
import { vi } from 'vitest';
import type { Http } from '../lib/http';

type Answer<E extends Endpoint> = AnswerOf<E> | ((input: InputFor<E>) => AnswerOf<E> | Promise<AnswerOf<E>>);

/**
 * A fake of the HTTP clients, keyed by the contract's endpoint descriptors: a test says what an
 * endpoint answers with `answer(postApi.page, …)` (type-checked against its answer schema) and
 * reads what a screen sent with `sent(postApi.create)`. The real `call` builds the request, so a
 * screen calling a path the contract does not declare fails the test.
 *
 * Use one per test file: `vi.mock('<…>/lib/http/clients', () => fakeClients(server))` needs the
 * server created in `vi.hoisted`.
 */
export function fakeServer() {
  const answers = new Map<string, unknown>();
  const requests: { key: string; input: unknown }[] = [];
  const keyOf = (method: string, path: string) => `${method} ${path}`;

  const handle = (base: string, method: Endpoint['method']) =>
    vi.fn((url: string, input?: unknown) => {
      const key = keyOf(method, base + url);
      requests.push({ key, input });
      if (!answers.has(key)) return method === 'GET' ? Promise.reject(new Error(`unexpected ${key}`)) : Promise.resolve(true);
      const answer = answers.get(key);
      return Promise.resolve(typeof answer === 'function' ? (answer as (i: unknown) => unknown)(input) : answer);
    });
  // The clients' methods are generic in their answer; the fake answers whatever the test declared.
  const http = (base: string) =>
    ({
      get: handle(base, 'GET'),
      post: handle(base, 'POST'),
      postForm: handle(base, 'POST'),
      put: handle(base, 'PUT'),
      delete: handle(base, 'DELETE'),
    }) as unknown as Http;

  return {
    clients: { api: http('/api'), openApi: http('/open'), furtherApi: http('/api/v2/saas/web') },
    answer<E extends Endpoint>(endpoint: E, answer: Answer<E>) {
      answers.set(keyOf(endpoint.method, endpoint.path), answer);
    },
    /** The inputs sent to an endpoint, oldest first. */
    sent<E extends Endpoint>(endpoint: E): InputFor<E>[] {
      const key = keyOf(endpoint.method, endpoint.path);
      return requests.filter((r) => r.key === key).map((r) => r.input as InputFor<E>);
    },
    reset() {
      answers.clear();
      requests.length = 0;
    },
  };
}
export type FakeServer = ReturnType<typeof fakeServer>;
