import { countOf } from '../../../lib/sql';
import type { Database } from '../../../db/client';
import { areas } from '../schema';
import AREAS from './data/areas.json';

/** Rows per INSERT: about 4,300 areas go in a handful of statements. */
const CHUNK = 1000;

/** The shipped ISO 3166 data as rows; a subdivision's parent is the country its code starts with. */
export function areaRows() {
  return [
    ...AREAS.countries.map(([code, name]) => ({ code: code!, name: name!, parentCode: null, type: 'country' as const })),
    ...AREAS.subdivisions.map(([code, name]) => ({ code: code!, name: name!, parentCode: code!.slice(0, 2), type: 'subdivision' as const })),
  ];
}

/** Runs on every start; inserts only the areas missing (first start, or a newer data file). */
export async function seedAreas(db: Database) {
  const rows = areaRows();
  const [present] = await db.select({ n: countOf }).from(areas);
  if ((present?.n ?? 0) >= rows.length) return;
  for (let i = 0; i < rows.length; i += CHUNK)
    await db
      .insert(areas)
      .values(rows.slice(i, i + CHUNK))
      .onConflictDoNothing();
}
