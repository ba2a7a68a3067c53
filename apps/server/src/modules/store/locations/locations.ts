import { and, asc, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { Session } from '../../../lib/context';
import { storeTenancy } from '../console/scope';
import { stores } from '../schema';
import { COUNTRY_CENTRES } from './country-centres';

/** A store on a map: its own coordinates, or its country's centre when it has none. */
export interface StoreLocation {
  storeId: number;
  meshId: string;
  name: string;
  countryCode: string;
  latitude: number;
  longitude: number;
  located: 'store' | 'country';
}

/**
 * Where the stores the caller sees are (agents' staff: their own tenant's), optionally only
 * `storeIds`. A store with neither its own coordinates nor a known country is left out: a map
 * has nowhere honest to put it.
 */
export async function storeLocations(db: Database, session: Session, storeIds?: readonly number[]): Promise<StoreLocation[]> {
  const rows = await db
    .select({
      storeId: stores.id,
      meshId: stores.meshId,
      name: stores.name,
      countryCode: stores.countryCode,
      latitude: stores.latitude,
      longitude: stores.longitude,
    })
    .from(stores)
    .where(and(storeTenancy(session, stores.tenantId), storeIds ? inArray(stores.id, [...storeIds]) : undefined))
    .orderBy(asc(stores.id));
  return rows.flatMap(({ latitude, longitude, ...store }): StoreLocation[] => {
    if (latitude !== null && longitude !== null) return [{ ...store, latitude, longitude, located: 'store' }];
    const centre = COUNTRY_CENTRES.get(store.countryCode);
    return centre ? [{ ...store, ...centre, located: 'country' }] : [];
  });
}
