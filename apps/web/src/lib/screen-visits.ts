import { local } from './storage';

/** Screens opened per person in this browser: `{ [userId]: { [path]: count } }`. Paths only, nothing secret. */
type Visits = Record<string, Record<string, number>>;

/** Counting stops growing here; the counts are halved so recent habits soon outweigh old ones. */
const CEILING = 1000;

const read = (): Visits => {
  const stored = local.get<Visits>('screenVisits');
  return stored && typeof stored === 'object' ? stored : {};
};

/** Counts one visit of `path` by the signed-in person. */
export function countScreenVisit(userId: number, path: string): void {
  const all = read();
  const mine = { ...all[userId] };
  mine[path] = (mine[path] ?? 0) + 1;
  if (mine[path] >= CEILING) for (const key of Object.keys(mine)) mine[key] = Math.floor(mine[key]! / 2);
  local.set('screenVisits', { ...all, [userId]: mine });
}

/** The person's screens, most visited first. */
export function mostVisitedScreens(userId: number): string[] {
  const mine = read()[userId] ?? {};
  return Object.entries(mine)
    .filter(([, count]) => typeof count === 'number' && count > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([path]) => path);
}
