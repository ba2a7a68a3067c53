import { areaApi, type Area, type AreaNode } from '@lightdesk/contract';
import { and, asc, eq, exists, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { areas } from '../schema';
import { notFound } from '../../../lib/errors';
import { contains } from '../../../lib/filters';
import type { Database } from '../../../db/client';
import { column, labelColumn, streamRows, type ExcelColumn } from '../../../lib/excel';
import { defineRoutes } from '../../../lib/routes';

const columns = { code: areas.code, name: areas.name, type: areas.type, parentCode: areas.parentCode };
const byName = [asc(areas.name), asc(areas.code)];

/** Countries with their subdivisions nested; rows arrive in name order, which the tree keeps. */
function treeOf(rows: Area[]): AreaNode[] {
  const countries = new Map<string, AreaNode>();
  for (const row of rows) if (row.type === 'country') countries.set(row.code, { ...row });
  for (const row of rows) {
    const country = row.parentCode ? countries.get(row.parentCode) : undefined;
    if (country) (country.children ??= []).push({ ...row });
  }
  return [...countries.values()];
}

/** The areas of the tree, in name order: all of them, or those a search finds. */
function treeRows(db: Database, keyword: string | undefined): Promise<Area[]> {
  if (!keyword)
    return db
      .select(columns)
      .from(areas)
      .orderBy(...byName);
  const matches = or(contains(areas.code, keyword), contains(areas.name, keyword));
  // A matching country comes with all its subdivisions; a matching subdivision brings its country along.
  const matchingCountries = db
    .select({ code: areas.code })
    .from(areas)
    .where(and(eq(areas.type, 'country'), matches));
  const countriesOfMatches = db
    .select({ code: areas.parentCode })
    .from(areas)
    .where(and(eq(areas.type, 'subdivision'), matches));
  return db
    .select(columns)
    .from(areas)
    .where(or(matches, inArray(areas.code, countriesOfMatches), inArray(areas.parentCode, matchingCountries)))
    .orderBy(...byName);
}

/** The tree as the page shows it, as rows: each country followed by its subdivisions. */
const EXCEL_COLUMNS: ExcelColumn<Area>[] = [
  column<Area>('code', 'system:area.field.code', { width: 10 }),
  column<Area>('name', 'system:area.field.name', { width: 32 }),
  labelColumn<Area>('type', 'system:area.field.type', (a) => `system:area.type.${a.type}`),
  column<Area>('parentCode', 'system:area.field.parentCode'),
];

/** The areas come from seed/data/areas.json. */
export default defineRoutes((r, { db, dictionaries }) => {
  r.endpoint(areaApi.tree, async ({ query }) => treeOf(await treeRows(db, query.keyword)));

  r.endpoint(areaApi.exportExcel, async ({ query, req, reply }) => {
    const rows = treeOf(await treeRows(db, query.keyword)).flatMap(({ children, ...country }) => [country, ...(children ?? [])]);
    return streamRows(req, reply, dictionaries, { file: 'areas', columns: EXCEL_COLUMNS }, rows);
  });

  r.endpoint(areaApi.children, ({ query }) => {
    const child = alias(areas, 'child');
    return db
      .select({
        ...columns,
        hasChildren: sql<boolean>`${exists(
          db
            .select({ one: sql`1` })
            .from(child)
            .where(eq(child.parentCode, areas.code)),
        )}`,
      })
      .from(areas)
      .where(query.parentCode ? eq(areas.parentCode, query.parentCode) : isNull(areas.parentCode))
      .orderBy(...byName);
  });

  r.endpoint(areaApi.get, async ({ query }) => {
    const [row] = await db.select(columns).from(areas).where(eq(areas.code, query.code));
    if (!row) throw notFound();
    return row;
  });
});
