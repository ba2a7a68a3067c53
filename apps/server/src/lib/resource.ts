import { ResultCode, type Endpoint, type IdQuery, type PermissionAccess, type ListQuery, type MessageKey } from '@lightdesk/contract';
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { $ZodType } from 'zod/v4/core';
import type { Database } from '../db/client';
import { countOf } from './sql';
import type { AppContext, Session } from './context';
import { AppError, notFound } from './errors';
import { streamExcel, type ExcelColumn } from './excel';
import type { RouteBuilder } from './routes';

type Values = Record<string, unknown>;
type Columns = Record<string, PgColumn | SQL.Aliased>;

const selectFrom = <C extends Columns>(db: Database, table: PgTable, columns: C) => db.select(columns).from(table).$dynamic();
/**
 * The row a `columns` projection selects, exactly as Drizzle types it for a caller who knows
 * the columns: null where the column allows it. (Inside the factory the columns are generic and
 * Drizzle cannot work the row type out, so rows are declared as this type where they are read.)
 */
export type RowOf<C extends Columns> = Awaited<ReturnType<typeof selectFrom<C>>>[number];

/**
 * Whose rows a resource holds. A required choice, so that no resource is cross-tenant by omission:
 * - `tenant`: every row belongs to a tenant (this column, named `tenantId`); callers see and
 *   change their own tenant's rows only, and new rows get the caller's tenant.
 * - `scope`: a condition of its own, where platform staff may look further (logs); `q` is null
 *   for lookups by id. Throw an AppError to refuse.
 * - `platform`: platform-level rows shared by every tenant; every route refuses agents' staff,
 *   whatever their roles.
 */
export type Tenancy<Q> = { tenant: PgColumn } | { scope: (session: Session, q: Q | null) => SQL | undefined } | { platform: true };

/** The whitelisted column a client asked to sort by; anything else (`constructor`, `password`) answers 400 naming `sortBy`. */
export function sortColumn(sortable: Record<string, PgColumn>, sortBy: string): PgColumn {
  // hasOwn: `constructor` and friends are not columns.
  const column = Object.hasOwn(sortable, sortBy) ? sortable[sortBy] : undefined;
  if (!column) throw new AppError(ResultCode.badInput, 'common.sort-not-allowed', { field: 'sortBy' });
  return column;
}

/**
 * A field whose value one row holds at most: within the tenant, unless `platformWide`. `index`
 * names the database's unique index behind the check: a race past the check meets it, and
 * app.ts answers the same 409.
 */
export type UniqueField = { field: string; column: PgColumn; platformWide?: boolean; ignoreCase?: boolean; index?: string };

/**
 * Refuses (409 `common.duplicate` naming the field) a value another row of `table` already holds;
 * `tenancy` is the caller's tenant's rows, `id` the row being changed. Blank values are not checked.
 */
export async function refuseDuplicates(
  db: Database,
  of: { table: PgTable; id: PgColumn; unique: readonly UniqueField[]; tenancy: SQL | undefined },
  values: Values,
  id?: number,
) {
  for (const u of of.unique) {
    const value = values[u.field];
    if (value === undefined || value === null || value === '') continue;
    const same = u.ignoreCase ? sql`lower(${u.column}) = lower(${value})` : eq(u.column, value);
    const [clash] = await db
      .select({ id: of.id })
      .from(of.table)
      .where(and(same, u.platformWide ? undefined : of.tenancy, id ? ne(of.id, id) : undefined));
    if (clash) throw new AppError(ResultCode.conflict, 'common.duplicate', { field: u.field });
  }
}

type Get<Q> = Endpoint<'GET', $ZodType<Q>, undefined, $ZodType | undefined, PermissionAccess>;
/** The endpoints of a resource (the contract's `resourceEndpoints`): the routes that exist are those declared there. */
export interface ResourceEndpoints<Q, C, U> {
  page?: Get<Q>;
  list?: Get<Q>;
  get?: Get<IdQuery>;
  create?: Endpoint<'POST', undefined, $ZodType<C>, $ZodType | undefined, PermissionAccess>;
  update?: Endpoint<'PUT', undefined, $ZodType<U>, $ZodType | undefined, PermissionAccess>;
  delete?: Endpoint<'DELETE', $ZodType<IdQuery>, undefined, $ZodType | undefined, PermissionAccess>;
  exportExcel?: Get<Q>;
  listAllSimple?: Endpoint<'GET', undefined, undefined, $ZodType | undefined, PermissionAccess>;
}

/**
 * A list/form resource declared in one place; `resourceRoutes` turns it into the console
 * convention: GET page, get, export-excel, list-all-simple; POST create; PUT update;
 * DELETE delete — each guarded by `<permission>:<action>`, each limited to the rows its
 * tenancy gives the caller, in the lookups and in the UPDATE and DELETE statements themselves.
 * Only the routes whose inputs are declared exist: no `create` schema means no create and no
 * delete (a read-only list such as a log), no `update` no update, no `excel` no export.
 */
export interface ResourceSpec<Q extends ListQuery, C extends Values, U extends Values & { id: number }, Cols extends Columns> {
  /** The resource's endpoints as the contract declares them (`resourceEndpoints`): paths, access, inputs, answers. */
  api: ResourceEndpoints<Q, C, U>;
  table: PgTable;
  id: PgColumn;
  tenancy: Tenancy<Q>;
  /**
   * The caller's data scope (lib/data-scope.ts), ANDed to the tenancy on every list, export,
   * read, update and delete: a row outside it behaves as not found.
   */
  dataScope?: (ctx: AppContext, session: Session) => Promise<SQL | undefined>;
  /** The columns a list row and a detail answer hold. */
  columns: Cols;
  /** Filters from the query (undefined = no filter); the caller's data scope has its own `dataScope`. */
  filters?: (q: Q, session: Session, ctx: AppContext) => Promise<(SQL | undefined)[]> | (SQL | undefined)[];
  /** The only columns a client may sort by. */
  sortable: Record<string, PgColumn>;
  defaultSort: SQL[];
  /** Fields that must be unique (within the tenant when the resource has one); blank values are not checked. */
  unique?: UniqueField[];
  /** Extra checks before a write; throw an AppError to refuse. */
  validate?: (ctx: AppContext, session: Session, values: C | U, id?: number) => Promise<void>;
  /** Why a row cannot be deleted now, as a message key; undefined when it can. */
  inUse?: (ctx: AppContext, session: Session, id: number) => Promise<MessageKey | undefined>;
  /** Runs after create/update inside the same transaction (e.g. link tables); `previous` is the row before an update. */
  afterWrite?: (tx: AppContext['db'], session: Session, id: number, values: C | U, previous?: RowOf<Cols>) => Promise<void>;
  /** Runs inside the delete's transaction before the row goes (e.g. rows that belong to it). */
  beforeDelete?: (tx: AppContext['db'], session: Session, id: number) => Promise<void>;
  /** Strips link fields and the like before the row is written (may hash, hence async); `session` is the caller's (e.g. who created it). */
  toRow?: (values: C | U, session: Session) => Values | Promise<Values>;
  /** Detail answer additions (e.g. linked ids). */
  detail?: (ctx: AppContext, row: RowOf<Cols>, session: Session) => Promise<object>;
  excel?: { file: string; columns: ExcelColumn<RowOf<Cols>>[] };
  /** Projection of list-all-simple (enabled rows only when the table has a status). */
  simple?: { columns: Record<string, PgColumn>; where?: SQL };
}

export function resourceRoutes<Q extends ListQuery, C extends Values, U extends Values & { id: number }, Cols extends Columns>(
  r: RouteBuilder,
  ctx: AppContext,
  spec: ResourceSpec<Q, C, U, Cols>,
) {
  const { db } = ctx;
  const { tenancy } = spec;
  /** The rows the caller's tenancy gives them: of a list query `q`, or (null) any row looked up by id. */
  const tenancyOf = (session: Session, q: Q | null) =>
    'tenant' in tenancy ? eq(tenancy.tenant, session.tenantId) : 'scope' in tenancy ? tenancy.scope(session, q) : undefined;
  const scopeOf = async (session: Session, q: Q | null) => and(tenancyOf(session, q), await spec.dataScope?.(ctx, session));
  /** One row, by id, among those the caller may touch: the condition of every lookup, UPDATE and DELETE by id. */
  const byId = async (session: Session, id: number) => and(eq(spec.id, id), await scopeOf(session, null));

  const where = async (q: Q, session: Session) => and(await scopeOf(session, q), ...(spec.filters ? await spec.filters(q, session, ctx) : []));
  const order = (q: Q) => {
    if (!q.sortBy) return spec.defaultSort;
    const column = sortColumn(spec.sortable, q.sortBy);
    return [q.sortOrder === 'desc' ? desc(column) : asc(column), asc(spec.id)];
  };
  const rows = async (condition: SQL | undefined, sort: SQL[], page?: { offset: number; limit: number }): Promise<RowOf<Cols>[]> => {
    const query = selectFrom(db, spec.table, spec.columns);
    query.orderBy(...sort);
    if (!page) {
      query.where(condition);
      return await query;
    }
    // The page's ids first, from the filter and sort alone; the row's other columns (counts and
    // other subqueries) are then computed for those rows only, not for every row the offset skips.
    const ids = db
      .select({ id: spec.id })
      .from(spec.table)
      .where(condition)
      .orderBy(...sort)
      .limit(page.limit)
      .offset(page.offset);
    query.where(inArray(spec.id, ids));
    return await query;
  };

  const findRow = async (session: Session, id: number): Promise<RowOf<Cols>> => {
    const query = selectFrom(db, spec.table, spec.columns);
    query.where(await byId(session, id));
    const found: RowOf<Cols>[] = await query;
    const [row] = found;
    if (!row) throw notFound();
    return row;
  };

  const checkUnique = (session: Session, values: Values, id?: number) =>
    refuseDuplicates(db, { table: spec.table, id: spec.id, unique: spec.unique ?? [], tenancy: tenancyOf(session, null) }, values, id);

  const { api } = spec;
  // The contract declares who may call; the tenancy here must agree on platform-only resources.
  for (const e of Object.values(api) as (Endpoint | undefined)[]) {
    if (e && 'permission' in e.access && !!e.access.platform !== 'platform' in tenancy) {
      throw new Error(`${e.method} ${e.path}: the contract's platform mark and the resource's tenancy disagree`);
    }
  }

  if (api.page) {
    r.endpoint(api.page, async ({ session, query }) => {
      const condition = await where(query, session);
      const sort = order(query);
      // Side by side on a pooled server (PGlite runs them one after the other).
      const [[count], list] = await Promise.all([
        db.select({ total: countOf }).from(spec.table).where(condition),
        rows(condition, sort, { offset: (query.page - 1) * query.limit, limit: query.limit }),
      ]);
      return { list, total: count?.total ?? 0 };
    });
  }
  if (api.list) {
    // A tree screen shows every matching row at once (the web builds the tree); no paging.
    r.endpoint(api.list, async ({ session, query }) => rows(await where(query, session), order(query)));
  }

  if (api.get) {
    r.endpoint(api.get, async ({ session, query }) => {
      const row = await findRow(session, query.id);
      return spec.detail ? spec.detail(ctx, row, session) : row;
    });
  }

  if (api.create) {
    r.endpoint(api.create, async ({ session, body }) => {
      await checkUnique(session, body);
      await spec.validate?.(ctx, session, body);
      // The tenant comes from the session, never the request.
      const row = { ...(spec.toRow ? await spec.toRow(body, session) : body), ...('tenant' in tenancy && { tenantId: session.tenantId }) };
      return db.transaction(async (tx) => {
        const [created] = (await tx
          .insert(spec.table)
          .values(row as never)
          .returning({ id: spec.id })) as { id: number }[];
        await spec.afterWrite?.(tx, session, created!.id, body);
        return created!.id;
      });
    });
  }
  if (api.delete) {
    r.endpoint(api.delete, async ({ session, query }) => {
      await findRow(session, query.id);
      const reason = await spec.inUse?.(ctx, session, query.id);
      if (reason) throw new AppError(ResultCode.conflict, reason);
      const condition = await byId(session, query.id);
      await db.transaction(async (tx) => {
        await spec.beforeDelete?.(tx, session, query.id);
        // Scoped here too: a row that left the caller's reach since the lookup is not theirs to delete.
        const deleted = await tx.delete(spec.table).where(condition).returning({ id: spec.id });
        if (!deleted.length) throw notFound();
      });
      return true;
    });
  }

  if (api.update) {
    r.endpoint(api.update, async ({ session, body }) => {
      const previous = await findRow(session, body.id);
      await checkUnique(session, body, body.id);
      await spec.validate?.(ctx, session, body, body.id);
      const { id: _id, ...rest } = spec.toRow ? await spec.toRow(body, session) : body;
      const condition = await byId(session, body.id);
      await db.transaction(async (tx) => {
        // Scoped here too: a row that left the caller's reach since the lookup is not theirs to change.
        const updated = await tx
          .update(spec.table)
          .set({ ...rest, updatedAt: ctx.clock.now() })
          .where(condition)
          .returning({ id: spec.id });
        if (!updated.length) throw notFound();
        await spec.afterWrite?.(tx, session, body.id, body, previous);
      });
      return true;
    });
  }

  const excel = spec.excel;
  if (api.exportExcel && excel) {
    r.endpoint(api.exportExcel, async ({ session, query, req, reply }) => {
      // Filters and sort are checked here, before the file starts: bad input answers 400 naming the field.
      const condition = await where(query, session);
      const sort = order(query);
      return streamExcel(req, reply, ctx.dictionaries, excel, (offset, limit) => rows(condition, sort, { offset, limit }));
    });
  }

  const simple = spec.simple;
  if (api.listAllSimple && simple) {
    r.endpoint(api.listAllSimple, async ({ session }) =>
      db
        .select(simple.columns)
        .from(spec.table)
        .where(and(await scopeOf(session, null), simple.where))
        .orderBy(...spec.defaultSort),
    );
  }
}
