import type { Report } from '@lightdesk/contract';
import { poisson, seeded } from '../../../lib/random';
import { visitorsPerMinute } from './rhythm';

/** A store as the simulation plays it: its gateway and the devices behind it, by role. */
export interface SimulatedStore {
  meshId: string;
  timezone: string;
  gateway: string;
  luminaires: string[];
  /** Entrance counters, zone sensors and heatmap sensors (uuids). */
  counters: string[];
  zones: string[];
  heatmaps: string[];
}

/** A sensor's role, read from the name the app gave it ("Entrance counter", "Fitting-room zone", "Heatmap sensor"). */
export function sensorRole(name: string): 'counter' | 'zone' | 'heatmap' {
  const lower = name.toLowerCase();
  if (lower.includes('heatmap')) return 'heatmap';
  if (lower.includes('zone')) return 'zone';
  return 'counter';
}

export const HEATMAP_SIZE = 8;
/** Where people linger in the heatmap sensor's view: near the entrance and along two shelves. */
const hotSpots = [
  [1.5, 6.5, 1.2],
  [5, 2, 1.5],
  [6, 5.5, 1],
] as const;

/**
 * The reports a store's gateway sends for the interval `[from, from + seconds)`: its heartbeat
 * with those of the devices behind it,
 * the walk-ins and exits at each counter, people seen under each luminaire (some products draw
 * more people than others), the people in each zone at the end and one heatmap frame.
 * Message ids are derived from the store, device and time, so replaying an interval stores nothing twice.
 */
export function storeReports(store: SimulatedStore, from: Date, seconds: number, prefix = 'sim'): Report[] {
  const end = new Date(from.getTime() + seconds * 1000);
  const at = end.toISOString();
  const stamp = Math.floor(end.getTime() / 1000);
  const id = (kind: string, device: string) => `${prefix}-${kind}-${device.replaceAll(':', '')}-${stamp}`.slice(0, 64);
  const random = seeded(store.meshId, stamp);
  const rate = visitorsPerMinute(new Date(from.getTime() + (seconds * 1000) / 2), store.timezone);
  const visitors = poisson(random, (rate * seconds) / 60);
  // The gateway relays the heartbeats of the devices behind it: a luminaire nobody walks under, in a
  // store closed for the night, is still online.
  const behind = [...store.luminaires, ...store.counters, ...store.zones, ...store.heatmaps];
  const reports: Report[] = [{ id: id('hb', store.gateway), at, device: store.gateway, kind: 'heartbeat', interval: 60, devices: behind }];
  if (rate === 0 && visitors === 0) return reports;

  for (const counter of store.counters) {
    const walkIns = Math.round(visitors / store.counters.length);
    reports.push({ id: id('in', counter), at, device: counter, kind: 'entrance', seconds, in: walkIns, out: Math.max(0, walkIns + poisson(random, 1) - 1) });
  }
  store.luminaires.forEach((luminaire, i) => {
    // A product's draw: the first lights (the entrance, the promotions) draw most.
    const draw = 0.9 / (1 + i * 0.18);
    const persons = Math.min(poisson(random, visitors * draw * 0.6), 1000);
    if (persons === 0) return;
    const dwellMs = Array.from({ length: persons }, () => {
      const r = random();
      return Math.round(r < 0.45 ? 500 + random() * 4500 : r < 0.9 ? 5000 + random() * 55_000 : 60_000 + random() * 240_000);
    });
    reports.push({ id: id('pr', luminaire), at, device: luminaire, kind: 'presence', seconds, dwellMs });
  });
  for (const zone of store.zones) {
    reports.push({ id: id('zn', zone), at, device: zone, kind: 'zone', people: poisson(random, rate * 4) });
  }
  for (const heatmap of store.heatmaps) {
    const cells: number[] = [];
    for (let y = 0; y < HEATMAP_SIZE; y++) {
      for (let x = 0; x < HEATMAP_SIZE; x++) {
        const heat = hotSpots.reduce((sum, [cx, cy, h]) => sum + h * Math.exp(-((x - cx) ** 2 + (y - cy) ** 2) / 3), 0);
        cells.push(poisson(random, (heat * visitors) / 10));
      }
    }
    reports.push({ id: id('hm', heatmap), at, device: heatmap, kind: 'heatmap', width: HEATMAP_SIZE, height: HEATMAP_SIZE, cells });
  }
  return reports;
}
