import type { FastifyBaseLogger } from 'fastify';
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Clock } from '../clock';
import { rateLimitHits } from './schema';

/** What @fastify/rate-limit asks of a store: count one request, answer the count and the time left in its window. */
type Counted = { current: number; ttl: number };
type Answer = (error: Error | null, counted?: Counted) => void;
interface RouteLimit {
  routeInfo?: { method?: string | string[]; url?: string };
}

/** How often each server deletes the windows that have ended. */
const SWEEP_EVERY_MS = 60_000;
/** Keys this server remembers as past their limit; beyond that the oldest are forgotten (and asked of the database again). */
const REMEMBERED_KEYS = 10_000;

/**
 * A rate-limit store counting in PostgreSQL, so every server on the database shares one count
 * per caller and route. Windows are fixed, aligned to the clock (a 60 s window starts on the
 * minute), so all servers agree which window a request belongs to. Each counted request is
 * one atomic upsert. Once the count has reached the limit, further requests in the same window
 * are refused from this server's memory: counts only grow within a window, so the database
 * could only answer the same. A database fault is passed on, and the plugin (`skipOnError`)
 * serves the request: a limit must not turn an outage into errors on every route.
 */
export function sharedRateLimits(deps: { db: Database; clock: Clock; log: FastifyBaseLogger }) {
  const { db, clock, log } = deps;
  // Shared by the store of every route: a key is unique across them.
  const pastLimit = new Map<string, { hits: number; windowEnd: number }>();
  let longestWindow = 0;
  let lastSweep = 0;
  let failing = false;

  const remember = (key: string, hits: number, windowEnd: number) => {
    pastLimit.delete(key);
    if (pastLimit.size >= REMEMBERED_KEYS) pastLimit.delete(pastLimit.keys().next().value!);
    pastLimit.set(key, { hits, windowEnd });
  };

  // Ended windows go now and then, from whichever server counts; a window of margin leaves
  // servers whose clocks run slightly behind their current one.
  const sweep = (now: number) => {
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    db.delete(rateLimitHits)
      .where(lt(rateLimitHits.windowStart, new Date(now - 2 * longestWindow)))
      .catch((error: unknown) => log.warn({ err: error }, 'rate limits: old windows not deleted'));
  };

  async function count(key: string, timeWindow: number, max: number): Promise<Counted> {
    const now = clock.now().getTime();
    const windowStart = now - (now % timeWindow);
    const windowEnd = windowStart + timeWindow;
    const known = pastLimit.get(key);
    if (known && known.windowEnd === windowEnd) return { current: known.hits + 1, ttl: windowEnd - now };
    longestWindow = Math.max(longestWindow, timeWindow);
    try {
      const [row] = await db
        .insert(rateLimitHits)
        .values({ key, windowStart: new Date(windowStart), hits: 1 })
        .onConflictDoUpdate({ target: [rateLimitHits.key, rateLimitHits.windowStart], set: { hits: sql`${rateLimitHits.hits} + 1` } })
        .returning({ hits: rateLimitHits.hits });
      if (failing) log.warn('rate limits: counting again');
      failing = false;
      sweep(now);
      const hits = row!.hits;
      if (hits >= max) remember(key, hits, windowEnd);
      return { current: hits, ttl: windowEnd - now };
    } catch (error) {
      // Once per outage, not once per request.
      if (!failing) log.warn({ err: error }, 'rate limits: the database cannot count requests; serving them unlimited until it can');
      failing = true;
      throw error;
    }
  }

  return class SharedRateLimitStore {
    /** The route's own counts: the same caller has a count per route, as each route has its own limit. */
    constructor(
      _options: unknown,
      private readonly scope = '',
    ) {}

    incr(key: string, answer: Answer, timeWindow: number, max: number) {
      count(`${this.scope}${key}`, timeWindow, max).then(
        (counted) => answer(null, counted),
        (error: Error) => answer(error),
      );
    }

    // The plugin passes the route's limit options, the route itself under `routeInfo` (its types say otherwise).
    child(options: object) {
      const { method, url } = (options as RouteLimit).routeInfo ?? {};
      return new SharedRateLimitStore(options, `${[method].flat().join(',')} ${url ?? ''} `);
    }
  };
}
