import { and, eq, ilike, or } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { menus } from '../schema';

/**
 * The origins of the pages enabled (status 0) menu entries embed (an entry whose path is an http(s)
 * address): the console's pages may frame these and no other site. Read from the menus at each
 * load of the console, so an entry added on any server is framed at the next load.
 */
export async function framedOrigins(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ path: menus.path })
    .from(menus)
    .where(and(eq(menus.status, 0), or(ilike(menus.path, 'http://%'), ilike(menus.path, 'https://%'))));
  const origins = new Set<string>();
  for (const { path } of rows) {
    // URL.parse refuses what is no address; an origin then holds no space or semicolon to break the policy.
    const url = URL.parse(path);
    if (url && (url.protocol === 'https:' || url.protocol === 'http:')) origins.add(url.origin);
  }
  return [...origins].sort();
}
