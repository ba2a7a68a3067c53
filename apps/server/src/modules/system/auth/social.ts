import { ResultCode, type LoginResult, type SocialLink, type SocialProvider } from '@lightdesk/contract';
import { and, asc, eq, gt, isNull, lte } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { OidcProviderConfig } from '../../../config';
import { addSeconds } from '../../../lib/clock';
import type { AppContext, Session } from '../../../lib/context';
import { AppError, fromDatabaseError, notFound } from '../../../lib/errors';
import { randomToken, sha256 } from '../../../lib/secrets';
import { socialFlows, socialLinks, tenants, users } from '../schema';
import { recordLogin, type ClientMeta } from './password-guessing';
import { assertMaySignIn, openSession, type Account } from './sign-in';

/** How long a round trip to the provider may take, and how long its ticket lasts once it is back. */
export const FLOW_SECONDS = 10 * 60;
export const TICKET_SECONDS = 2 * 60;
/** Seconds the server waits for a provider's discovery document, token or keys. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/**
 * Binds a round trip to the browser that started it: the callback and the ticket are honoured
 * only with this cookie, so nobody can finish a sign-in they started in someone else's browser
 * (which would sign that person in as the attacker).
 */
export const BROWSER_COOKIE = 'lightdesk_social';

type Purpose = (typeof socialFlows.$inferSelect)['purpose'];
type Flow = typeof socialFlows.$inferSelect;
type Failure = NonNullable<Flow['failure']>;

const notConfigured = () => new AppError(ResultCode.badInput, 'auth.social-not-configured', { field: 'provider' });
const ticketInvalid = () => new AppError(ResultCode.badInput, 'auth.social-ticket-invalid', { field: 'ticket' });
const failed = (failure: Failure) => new AppError(failure === 'auth.social-unavailable' ? ResultCode.unexpected : ResultCode.badInput, failure);

/** Whether a browser key from the cookie has the shape this server gives out. */
const wellFormed = (key: string | undefined): key is string => !!key && /^[\w-]{43}$/.test(key);

export function readBrowserKey(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === BROWSER_COOKIE) return value.join('=');
  }
  return undefined;
}

/**
 * Sign-in and account linking through the OpenID Connect providers in the configuration:
 * authorization code flow with PKCE, state and nonce (openid-client does the protocol and the
 * ID token's checks). Discovery happens on first use, so a provider that is down does not stop
 * the server from starting.
 */
export function socialSignIn(ctx: AppContext) {
  const { config } = ctx;
  const byId = new Map(config.oidcProviders.map((p) => [p.id, p]));
  const discovered = new Map<string, Promise<oidc.Configuration>>();

  const providerOf = (id: string) => {
    const provider = byId.get(id);
    if (!provider) throw notConfigured();
    return provider;
  };
  const nameOf = (id: string) => byId.get(id)?.name ?? id;
  const callbackUrl = (provider: OidcProviderConfig) => `${config.publicUrl ?? ''}/open/auth/oidc/${provider.id}/callback`;

  const clientOf = (provider: OidcProviderConfig): Promise<oidc.Configuration> => {
    let found = discovered.get(provider.id);
    if (!found) {
      // Plain http is accepted only for issuers on this machine (config.ts), i.e. a provider under test.
      const execute = provider.issuer.startsWith('http:') ? [oidc.allowInsecureRequests] : [];
      found = oidc.discovery(new URL(provider.issuer), provider.clientId, undefined, oidc.ClientSecretBasic(provider.clientSecret), {
        execute,
        timeout: PROVIDER_TIMEOUT_SECONDS,
      });
      discovered.set(provider.id, found);
      // Not remembered when it fails: the next attempt asks the provider again.
      found.catch((err: unknown) => {
        discovered.delete(provider.id);
        ctx.log.warn({ err, provider: provider.id }, 'OpenID provider discovery failed');
      });
    }
    return found.catch(() => {
      throw failed('auth.social-unavailable');
    });
  };

  /** Starts a round trip: records what the callback must check and answers the provider's address. */
  async function start(
    input: { provider: string; purpose: Purpose; userId?: number; redirect?: string; rememberMe?: boolean },
    browserKey: string,
  ): Promise<string> {
    const provider = providerOf(input.provider);
    const client = await clientOf(provider);
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const now = ctx.clock.now();
    // Round trips nobody finished are of no use to anyone: drop them as new ones start.
    await ctx.db.delete(socialFlows).where(lte(socialFlows.expiresAt, now));
    await ctx.db.insert(socialFlows).values({
      stateHash: sha256(state),
      browserHash: sha256(browserKey),
      provider: provider.id,
      purpose: input.purpose,
      userId: input.userId ?? null,
      rememberMe: input.rememberMe ?? false,
      redirect: input.redirect ?? '',
      nonce,
      codeVerifier,
      expiresAt: addSeconds(now, FLOW_SECONDS),
    });
    return oidc.buildAuthorizationUrl(client, {
      redirect_uri: callbackUrl(provider),
      scope: 'openid',
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    }).href;
  }

  /**
   * The provider sends the browser back here. Whatever happened, the answer is the console's
   * address to go to next: with a single-use ticket when the round trip is known, else with a
   * failure mark. The session itself is opened only when the web trades the ticket in, so no
   * token ever travels in an address.
   */
  async function callback(providerId: string, search: string, browserKey: string | undefined, meta: ClientMeta): Promise<string> {
    const params = new URLSearchParams(search);
    const state = params.get('state');
    const provider = byId.get(providerId);
    const now = ctx.clock.now();
    const ticket = randomToken();
    // Claiming the round trip and handing it a ticket is one statement, so a state is answered once.
    const [flow] =
      provider && state && wellFormed(browserKey)
        ? await ctx.db
            .update(socialFlows)
            .set({ ticketHash: sha256(ticket), expiresAt: addSeconds(now, TICKET_SECONDS) })
            .where(
              and(
                eq(socialFlows.stateHash, sha256(state)),
                eq(socialFlows.browserHash, sha256(browserKey)),
                eq(socialFlows.provider, provider.id),
                isNull(socialFlows.ticketHash),
                gt(socialFlows.expiresAt, now),
              ),
            )
            .returning()
        : [];
    if (!provider || !flow || !state) {
      await recordLogin(ctx, { kind: 'social', result: 'social-failed', username: providerId }, meta);
      return '/#/login?social=failed';
    }
    try {
      const currentUrl = new URL(callbackUrl(provider));
      currentUrl.search = search;
      const tokens = await oidc.authorizationCodeGrant(await clientOf(provider), currentUrl, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('the provider sent no ID token');
      await ctx.db.update(socialFlows).set({ issuer: claims.iss, subject: claims.sub }).where(eq(socialFlows.id, flow.id));
    } catch (err) {
      // Refused consent, a wrong client secret, a bad signature: the operator finds which in the log.
      const failure: Failure = err instanceof AppError ? 'auth.social-unavailable' : 'auth.social-failed';
      ctx.log.warn({ err, provider: provider.id }, 'OpenID sign-in failed at the provider');
      await ctx.db.update(socialFlows).set({ failure }).where(eq(socialFlows.id, flow.id));
      if (flow.purpose === 'sign-in') await recordLogin(ctx, { kind: 'social', result: 'social-failed', username: provider.id }, meta);
    }
    const next = new URLSearchParams({ [flow.purpose === 'link' ? 'linkTicket' : 'ticket']: ticket });
    if (flow.redirect) next.set('redirect', flow.redirect);
    // The web keeps a remembered session where it survives closing the browser.
    if (flow.rememberMe) next.set('remember', '1');
    return `/#/login?${next.toString()}`;
  }

  /** Trades a ticket in, once, from the browser that started the round trip. */
  async function redeem(
    purpose: Purpose,
    ticket: string,
    browserKey: string | undefined,
    userId?: number,
  ): Promise<Flow & { issuer: string; subject: string }> {
    const [flow] = wellFormed(browserKey)
      ? await ctx.db
          .delete(socialFlows)
          .where(
            and(
              eq(socialFlows.ticketHash, sha256(ticket)),
              eq(socialFlows.browserHash, sha256(browserKey)),
              eq(socialFlows.purpose, purpose),
              gt(socialFlows.expiresAt, ctx.clock.now()),
              userId === undefined ? undefined : eq(socialFlows.userId, userId),
            ),
          )
          .returning()
      : [];
    if (!flow) throw ticketInvalid();
    if (flow.failure || !flow.issuer || !flow.subject) throw failed(flow.failure ?? 'auth.social-failed');
    return { ...flow, issuer: flow.issuer, subject: flow.subject };
  }

  /** The sign-in answer for a ticket: the linked staff member, when that account may sign in. */
  async function signIn(ticket: string, browserKey: string | undefined, meta: ClientMeta): Promise<LoginResult> {
    let flow;
    try {
      flow = await redeem('sign-in', ticket, browserKey);
    } catch (error) {
      // A failure at the provider was logged when it came back; an unknown or spent ticket is logged here.
      if (error instanceof AppError && error.key === 'auth.social-ticket-invalid') {
        await recordLogin(ctx, { kind: 'social', result: 'social-failed', username: '' }, meta);
      }
      throw error;
    }
    const [row] = await ctx.db
      .select()
      .from(socialLinks)
      .innerJoin(users, eq(users.id, socialLinks.userId))
      .innerJoin(tenants, eq(tenants.id, users.tenantId))
      .where(and(eq(socialLinks.issuer, flow.issuer), eq(socialLinks.subject, flow.subject)));
    if (!row) {
      await recordLogin(ctx, { kind: 'social', result: 'not-linked', username: `${flow.provider}:${flow.subject}` }, meta);
      throw new AppError(ResultCode.forbidden, 'auth.social-not-linked', { provider: nameOf(flow.provider) });
    }
    const account: Account = { ...row.users, tenant: row.tenants };
    await assertMaySignIn(ctx, account, { kind: 'social', username: account.username }, meta);
    return openSession(ctx, account, 'social', flow.rememberMe, meta);
  }

  const linkOf = (row: typeof socialLinks.$inferSelect): SocialLink => ({
    provider: row.provider,
    name: nameOf(row.provider),
    linkedAt: row.linkedAt.toISOString(),
  });

  /** Links the identity a ticket carries to the signed-in staff member who started the round trip. */
  async function link(session: Session, ticket: string, browserKey: string | undefined): Promise<SocialLink> {
    const flow = await redeem('link', ticket, browserKey, session.userId);
    const params = { provider: nameOf(flow.provider) };
    const [owner] = await ctx.db
      .select()
      .from(socialLinks)
      .where(and(eq(socialLinks.issuer, flow.issuer), eq(socialLinks.subject, flow.subject)));
    if (owner?.userId === session.userId) return linkOf(owner);
    if (owner) throw new AppError(ResultCode.conflict, 'auth.social-identity-taken', params);
    const [mine] = await ctx.db
      .select({ id: socialLinks.id })
      .from(socialLinks)
      .where(and(eq(socialLinks.userId, session.userId), eq(socialLinks.provider, flow.provider)));
    if (mine) throw new AppError(ResultCode.conflict, 'auth.social-already-linked', params);
    try {
      const [row] = await ctx.db
        .insert(socialLinks)
        .values({ userId: session.userId, provider: flow.provider, issuer: flow.issuer, subject: flow.subject, linkedAt: ctx.clock.now() })
        .returning();
      return linkOf(row!);
    } catch (error) {
      // Someone linked the same identity a moment earlier.
      if (fromDatabaseError(error)) throw new AppError(ResultCode.conflict, 'auth.social-identity-taken', params);
      throw error;
    }
  }

  async function links(session: Session): Promise<SocialLink[]> {
    const rows = await ctx.db.select().from(socialLinks).where(eq(socialLinks.userId, session.userId)).orderBy(asc(socialLinks.linkedAt));
    return rows.map(linkOf);
  }

  async function unlink(session: Session, provider: string): Promise<void> {
    const removed = await ctx.db
      .delete(socialLinks)
      .where(and(eq(socialLinks.userId, session.userId), eq(socialLinks.provider, provider)))
      .returning({ id: socialLinks.id });
    if (!removed.length) throw notFound();
  }

  const providers = (): SocialProvider[] => config.oidcProviders.map(({ id, name }) => ({ id, name }));

  /** The cookie that binds round trips to this browser; a browser keeps one key for all its round trips. */
  function browserCookie(existing: string | undefined): { key: string; header: string } {
    const key = wellFormed(existing) ? existing : randomToken();
    const secure = config.publicUrl?.startsWith('https:') ? '; Secure' : '';
    return { key, header: `${BROWSER_COOKIE}=${key}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${FLOW_SECONDS}${secure}` };
  }

  return { providers, start, callback, signIn, link, links, unlink, browserCookie };
}
