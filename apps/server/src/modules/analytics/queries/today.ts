import type { TodayOverview } from '@lightdesk/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { Session } from '../../../lib/context';
import { rowsOf } from '../../../lib/sql';
import { addFigures, deviceTotals, NO_FIGURES, presenceOf, storeSeries } from './figures';
import { addDays, resolvedOf, resolvePeriod } from './period';
import { rankedProducts } from './popularity';
import { visibleStore } from './stores';

interface DeviceRow {
  id: number;
  name: string;
  kind: string;
  model: string;
  online: boolean;
  group_name: string | null;
  day_start: string | Date;
  /** The device's state when the day began: its last change before then, if any. */
  online_at_start: boolean | null;
  /** Its changes today, in order: `[{online, at}]`. */
  changes: { online: boolean; at: string }[] | string | null;
}

/**
 * How long each device was online and offline since the store's day began, from its recorded
 * online/offline changes. A device with no change before the day is taken to have been in the
 * state of its first change today (or, with none at all, in its state now).
 */
function durations(device: DeviceRow, now: Date) {
  const changes = (typeof device.changes === 'string' ? JSON.parse(device.changes) : (device.changes ?? [])) as { online: boolean; at: string }[];
  let since = new Date(device.day_start).getTime();
  let online = device.online_at_start ?? (changes[0] ? !changes[0].online : device.online);
  let onlineMs = 0;
  let offlineMs = 0;
  const add = (until: number) => {
    if (online) onlineMs += Math.max(0, until - since);
    else offlineMs += Math.max(0, until - since);
  };
  for (const change of changes) {
    const at = Date.parse(change.at);
    add(at);
    since = at;
    online = change.online;
  }
  add(now.getTime());
  return { onlineMs, offlineMs };
}

export async function todayOverview(db: Database, session: Session, now: Date, storeId: number): Promise<TodayOverview> {
  const store = await visibleStore(db, session, storeId);
  const today = resolvePeriod({ kind: 'realtime' }, store.timezone, now);
  const day = resolvePeriod({ kind: 'day' }, store.timezone, now);
  const lastWeek = resolvePeriod({ kind: 'day', date: addDays(day.firstDate, -7) }, store.timezone, now);
  const totalsRead = deviceTotals(db, store.id, today);
  const [todayByHour, lastWeekByHour, totals, products, devices] = await Promise.all([
    storeSeries(db, store.id, day),
    storeSeries(db, store.id, lastWeek),
    totalsRead,
    rankedProducts(db, store, totalsRead),
    rowsOf<DeviceRow>(
      db,
      sql`
      with start as (select date_trunc('day', ${now.toISOString()}::timestamptz at time zone s.timezone) at time zone s.timezone as day_start from stores s where s.id = ${store.id})
      select d.id, d.name, d.kind, d.model, d.online, g.name as group_name, start.day_start,
        (select c.online from device_status_changes c where c.store_device_id = d.id and c.at < start.day_start order by c.at desc limit 1) as online_at_start,
        (select jsonb_agg(jsonb_build_object('online', c.online, 'at', c.at) order by c.at) from device_status_changes c
          where c.store_device_id = d.id and c.at >= start.day_start and c.at <= ${now.toISOString()}::timestamptz) as changes
      from store_devices d cross join start left join lighting_groups g on g.id = d.group_id
      where d.store_id = ${store.id}
      order by d.kind, d.name, d.id`,
    ),
  ]);
  const counted = new Map<string, { kind: string; model: string; online: number; offline: number }>();
  for (const d of devices) {
    const key = `${d.kind} ${d.model}`;
    const entry = counted.get(key) ?? { kind: d.kind, model: d.model, online: 0, offline: 0 };
    if (d.online) entry.online++;
    else entry.offline++;
    counted.set(key, entry);
  }
  const presence = presenceOf([...totals.values()].reduce(addFigures, NO_FIGURES));
  const seen = products.filter((p) => p.persons > 0).length;
  return {
    period: resolvedOf(today),
    flow: { today: todayByHour.slice(0, today.buckets.length).map((f) => f.walkIns), lastWeek: lastWeekByHour.map((f) => f.walkIns) },
    devices: [...counted.values()],
    deviceInfo: devices.map((d) => ({
      storeDeviceId: d.id,
      name: d.name,
      kind: d.kind,
      model: d.model,
      online: d.online,
      group: d.group_name,
      ...durations(d, now),
    })),
    topProducts: products.slice(0, 5),
    totals: {
      ...presence,
      averagePersons: seen > 0 ? Math.round((presence.persons / seen) * 10) / 10 : 0,
      averageDwellMs: presence.persons > 0 ? Math.round(presence.dwellMs / presence.persons) : 0,
      customers: todayByHour.reduce((sum, f) => sum + f.walkIns, 0),
    },
  };
}
