import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Clock } from '../clock';
import { Throttled } from '../errors';
import { rateLimitHits } from './schema';

/** Keys one server remembers as past their limit; beyond that the oldest are forgotten (and counted again). */
const REMEMBERED_KEYS = 10_000;

export interface FailureLimit {
  /** Sets these counts apart from the rate limits' own in their table. */
  name: string;
  /** Failures a key may have in one window; the next request is refused. */
  limit: number;
  windowMs: number;
}

/**
 * Failed attempts counted per key (a client address) the way the rate limits count requests: in
 * their table and fixed windows of the clock, so every server on the database shares one count
 * and the servers' sweep of ended windows removes these too. Once a server has counted a key past
 * its limit, it refuses that key from memory until the window ends, before any other work: counts
 * only grow within a window. Another server learns it when it counts the key's next failure.
 */
export function failureThrottle({ name, limit, windowMs }: FailureLimit) {
  const pastLimit = new WeakMap<Database, Map<string, number>>();
  const window = (clock: Clock) => {
    const now = clock.now().getTime();
    const start = now - (now % windowMs);
    return { now, start, end: start + windowMs };
  };
  const rememberedOf = (db: Database) => pastLimit.get(db) ?? pastLimit.set(db, new Map()).get(db)!;
  const throttled = (now: number, end: number) => new Throttled(429, Math.max(1, Math.ceil((end - now) / 1000)));

  return {
    /** The refusal of a key this server knows is past its limit in the current window, else null. */
    refusal(db: Database, clock: Clock, key: string): Throttled | null {
      const { now, end } = window(clock);
      const remembered = rememberedOf(db);
      const until = remembered.get(key);
      if (until === end) return throttled(now, end);
      if (until !== undefined) remembered.delete(key);
      return null;
    },

    /** Counts a failure of the key; answers the refusal when the key was already past its limit. */
    async record(db: Database, clock: Clock, key: string): Promise<Throttled | null> {
      const { now, start, end } = window(clock);
      const [row] = await db
        .insert(rateLimitHits)
        .values({ key: `${name} ${key}`, windowStart: new Date(start), hits: 1 })
        .onConflictDoUpdate({ target: [rateLimitHits.key, rateLimitHits.windowStart], set: { hits: sql`${rateLimitHits.hits} + 1` } })
        .returning({ hits: rateLimitHits.hits });
      const hits = row!.hits;
      if (hits < limit) return null;
      const remembered = rememberedOf(db);
      remembered.delete(key);
      if (remembered.size >= REMEMBERED_KEYS) remembered.delete(remembered.keys().next().value!);
      remembered.set(key, end);
      return hits > limit ? throttled(now, end) : null;
    },
  };
}
