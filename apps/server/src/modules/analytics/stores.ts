import { analyticsStoreApi } from '@lightdesk/contract';
import { and, asc } from 'drizzle-orm';
import { contains } from '../../lib/filters';
import { defineRoutes } from '../../lib/routes';
import { countOf } from '../../lib/sql';
import { stores, storeTenancy } from '../store';

/** The analytics screens' store picker: the stores the caller sees, by name, a page at a time. */
export default defineRoutes((r, { db }) => {
  r.endpoint(analyticsStoreApi.stores, async ({ session, query }) => {
    const where = and(storeTenancy(session, stores.tenantId), contains(stores.name, query.name));
    const [list, [total]] = await Promise.all([
      db
        .select({ id: stores.id, meshId: stores.meshId, name: stores.name, timezone: stores.timezone, countryCode: stores.countryCode })
        .from(stores)
        .where(where)
        .orderBy(asc(stores.name), asc(stores.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      db.select({ n: countOf }).from(stores).where(where),
    ]);
    return { list, total: total!.n };
  });
});
