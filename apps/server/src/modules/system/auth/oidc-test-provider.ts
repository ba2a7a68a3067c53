import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import type { Envelope } from '@lightdesk/contract';
import Provider, { type InteractionResults, type JWK } from 'oidc-provider';

/** Test support: a real OpenID provider on this machine, and a browser that walks through it. */

export const TEST_CLIENT = { id: 'lightdesk-console', secret: 'a-test-client-secret' };

export interface TestProvider {
  issuer: string;
  /** Starts answering, with the console registered as a client that returns to `redirectUri`. */
  register(redirectUri: string): void;
  /** Who signs in at the provider's login step next, or that the person refuses. */
  nextPerson(subject: string | { refuses: true }): void;
  close(): Promise<void>;
}

/**
 * oidc-provider, with its login and consent steps answered by the test: the login step signs
 * in the person chosen by `nextPerson`, the consent step grants `openid`.
 */
export async function startTestProvider(): Promise<TestProvider> {
  let provider: Provider | undefined;
  let next: string | { refuses: true } = 'nobody';
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' } as JWK;

  const interact = async (p: Provider, req: http.IncomingMessage, res: http.ServerResponse) => {
    const details = await p.interactionDetails(req, res);
    let result: InteractionResults;
    if (typeof next === 'object') {
      result = { error: 'access_denied', error_description: 'The person declined' };
    } else if (details.prompt.name === 'login') {
      result = { login: { accountId: next } };
    } else {
      const grant = new p.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope('openid');
      result = { consent: { grantId: await grant.save() } };
    }
    await p.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  };

  const server = http.createServer((req, res) => {
    if (!provider) {
      res.writeHead(503).end();
    } else if (req.url?.startsWith('/interaction/')) {
      interact(provider, req, res).catch((error: unknown) => res.writeHead(500).end(String(error)));
    } else {
      void provider.callback()(req, res);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    register(redirectUri) {
      provider = new Provider(issuer, {
        clients: [
          {
            client_id: TEST_CLIENT.id,
            client_secret: TEST_CLIENT.secret,
            redirect_uris: [redirectUri],
            grant_types: ['authorization_code'],
            response_types: ['code'],
            token_endpoint_auth_method: 'client_secret_basic',
          },
        ],
        jwks: { keys: [signingKey] },
        cookies: { keys: ['a-test-cookie-key'] },
        findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
        interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
        features: { devInteractions: { enabled: false } },
        pkce: { methods: ['S256'], required: () => true },
        ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
      });
    },
    nextPerson(person) {
      next = person;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A browser as far as these flows need one: it keeps each server's cookies and follows
 * redirects itself, so a test sees every hop (a real browser does not send a cookie to
 * another port either, which is what keeping them per origin models).
 */
export class TestBrowser {
  private readonly jar = new Map<string, Map<string, string>>();

  constructor(private readonly console: string) {}

  cookieFor(url: string | URL): string {
    return [...(this.jar.get(new URL(url).origin) ?? new Map<string, string>())].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  forget(origin: string, name: string) {
    this.jar.get(new URL(origin).origin)?.delete(name);
  }

  async fetch(url: string | URL, init: { method?: string; body?: unknown; token?: string } = {}): Promise<Response> {
    const headers: Record<string, string> = { cookie: this.cookieFor(url) };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(url, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      redirect: 'manual',
    });
    const cookies = this.jar.get(new URL(url).origin) ?? new Map<string, string>();
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
    }
    this.jar.set(new URL(url).origin, cookies);
    return res;
  }

  /** A console API call from this browser: its cookies ride along, as they do in a real one. */
  async call<T>(method: string, path: string, body?: unknown, token?: string): Promise<Envelope<T>> {
    const res = await this.fetch(new URL(path, this.console), { method, body, token });
    return (await res.json()) as Envelope<T>;
  }

  /** Follows redirects from `url` until `stop` says the next address is far enough, and answers it. */
  async walk(url: string, stop: (next: URL) => boolean): Promise<URL> {
    let current = new URL(url);
    for (let hop = 0; hop < 20; hop++) {
      const res = await this.fetch(current);
      const location = res.headers.get('location');
      if (!location) throw new Error(`${current.href} answered ${res.status} without a redirect: ${await res.text()}`);
      current = new URL(location, current);
      if (stop(current)) return current;
    }
    throw new Error(`more than 20 redirects from ${url}`);
  }

  /** Follows redirects until the console's sign-in screen, and answers the query of its in-app address (`/#/login?ticket=…`). */
  async follow(url: string): Promise<URLSearchParams> {
    const landing = await this.walk(url, (next) => next.origin === new URL(this.console).origin && next.pathname === '/');
    if (!landing.hash.startsWith('#/login?')) throw new Error(`expected the console's sign-in screen, landed on ${landing.hash}`);
    return new URLSearchParams(landing.hash.slice('#/login?'.length));
  }
}

/** A port nothing listens on now, for a server whose address must be known before it starts. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
