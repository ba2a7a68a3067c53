import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { randomToken } from '../secrets';
import { signingKeys } from './schema';

const cache = new WeakMap<Database, Map<string, Promise<Buffer>>>();

/**
 * The deployment's key of that name: 32 random bytes made on first use and kept in the
 * database, so every process of a deployment shares it and no deployment ships a known key.
 */
export function signingKey(db: Database, name: string): Promise<Buffer> {
  let keys = cache.get(db);
  if (!keys) cache.set(db, (keys = new Map<string, Promise<Buffer>>()));
  let key = keys.get(name);
  if (!key) {
    key = (async () => {
      await db
        .insert(signingKeys)
        .values({ name, secret: randomToken(32) })
        .onConflictDoNothing();
      const [row] = await db.select({ secret: signingKeys.secret }).from(signingKeys).where(eq(signingKeys.name, name));
      return Buffer.from(row!.secret, 'base64url');
    })();
    // A failure (the database away) is not remembered: the next call tries again.
    key.catch(() => keys.delete(name));
    keys.set(name, key);
  }
  return key;
}
