import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { Session } from '../../../lib/context';
import { notFound } from '../../../lib/errors';
import { rowsOf } from '../../../lib/sql';

export interface AnalyticsStore {
  id: number;
  tenantId: number;
  meshId: string;
  name: string;
  timezone: string;
  countryCode: string;
}

/** Platform staff read every store's analytics; an agent's staff only their agent's stores. */
export const visibleStores = (session: Session, alias = 's'): SQL =>
  session.tenantType === 'platform' ? sql`true` : sql`${sql.identifier(alias)}.tenant_id = ${session.tenantId}`;

/** A store the caller may read; another agent's store is not found, as if it did not exist. */
export async function visibleStore(db: Database, session: Session, storeId: number): Promise<AnalyticsStore> {
  const [store] = await rowsOf<{ id: number; tenant_id: number; mesh_id: string; name: string; timezone: string; country_code: string }>(
    db,
    sql`select s.id, s.tenant_id, s.mesh_id, s.name, s.timezone, s.country_code from stores s where s.id = ${storeId} and ${visibleStores(session)}`,
  );
  if (!store) throw notFound();
  return { id: store.id, tenantId: store.tenant_id, meshId: store.mesh_id, name: store.name, timezone: store.timezone, countryCode: store.country_code };
}

/** A store device of the store, of one kind; anything else is not found. */
export async function deviceOfStore(db: Database, storeId: number, storeDeviceId: number, kind: 'luminaire' | 'sensor') {
  const [device] = await rowsOf<{ id: number; name: string; model: string; tenant_id: number }>(
    db,
    sql`select d.id, d.name, d.model, s.tenant_id from store_devices d join stores s on s.id = d.store_id where d.id = ${storeDeviceId} and d.store_id = ${storeId} and d.kind = ${kind}`,
  );
  if (!device) throw notFound();
  return device;
}
