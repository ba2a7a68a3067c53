import { IdQuery, ResultCode, type ListQuery, type MessageKey } from '@lightdesk/contract';
import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AppContext, Session } from './context';
import { AppError, notFound } from './errors';
import { streamExcel, type ExcelColumn } from './excel';
import type { RouteBuilder } from './routes';

type Values = Record<string, unknown>;

/** The row a `columns` projection selects: column types (null where the column allows it) and aliased SQL. */
export type RowOf<T extends Record<string, PgColumn | SQL.Aliased>> = {
  [K in keyof T]: T[K] extends PgColumn
    ? T[K]['_']['notNull'] extends true
      ? T[K]['_']['data']
      : T[K]['_']['data'] | null
    : T[K] extends SQL.Aliased<infer V>
      ? V
      : never;
};

/**
 * A list/form resource declared in one place; `resourceRoutes` turns it into the console
 * convention (issue 4): GET page, get, export-excel, list-all-simple; POST create; PUT update;
 * DELETE delete — each guarded by `<permission>:<action>`, each scoped to the caller's tenant.
 * Only the routes whose inputs are declared exist: no `create` schema means no create and no
 * delete (a read-only list such as a log), no `update` no update, no `excel` no export.
 */
export interface ResourceSpec<
  Q extends ListQuery,
  C extends Values = Values,
  U extends Values & { id: number } = Values & { id: number },
  Row extends Values = Values,
> {
  /** e.g. `/api/system/post` */
  base: string;
  /** e.g. `system:post`; actions are appended. */
  permission: string;
  table: PgTable;
  id: PgColumn;
  /** The tenant column, when rows belong to a tenant. */
  tenant?: PgColumn;
  /**
   * Replaces the plain tenant condition where the issue lets platform staff look further
   * (logs); `q` is null for lookups by id. Throw an AppError to refuse.
   */
  scope?: (session: Session, q: Q | null) => SQL | undefined;
  /**
   * The caller's data scope (lib/data-scope.ts), ANDed to the tenant condition on every list,
   * export, read, update and delete: a row outside it behaves as not found.
   */
  dataScope?: (ctx: AppContext, session: Session) => Promise<SQL | undefined>;
  /** Which list routes exist: `page` (paged, the default) and/or `list` (every matching row, for trees). */
  lists?: ('page' | 'list')[];
  /** Platform-level resource: every route refuses agents' staff, whatever their roles. */
  platform?: boolean;
  query: z.ZodType<Q>;
  create?: z.ZodType<C>;
  update?: z.ZodType<U>;
  /** `false` leaves out GET get (a list whose rows hold nothing more to show). */
  get?: false;
  /** The columns a list row and a detail answer hold. */
  columns: Record<string, PgColumn | SQL.Aliased>;
  /** Filters from the query (undefined = no filter); the caller's data scope has its own `dataScope`. */
  filters?: (q: Q, session: Session, ctx: AppContext) => Promise<(SQL | undefined)[]> | (SQL | undefined)[];
  /** The only columns a client may sort by. */
  sortable: Record<string, PgColumn>;
  defaultSort: SQL[];
  /**
   * Fields that must be unique: within the tenant when the resource has one, unless
   * `platformWide`. Blank values are not checked. `index` names the database's unique index
   * behind the check: a race past the check meets it, and app.ts answers the same 409.
   */
  unique?: { field: string; column: PgColumn; platformWide?: boolean; ignoreCase?: boolean; index?: string }[];
  /** Extra checks before a write; throw an AppError to refuse. */
  validate?: (ctx: AppContext, session: Session, values: C | U, id?: number) => Promise<void>;
  /** Why a row cannot be deleted now, as a message key; undefined when it can. */
  inUse?: (ctx: AppContext, session: Session, id: number) => Promise<MessageKey | undefined>;
  /** Runs after create/update inside the same transaction (e.g. link tables); `previous` is the row before an update. */
  afterWrite?: (tx: AppContext['db'], session: Session, id: number, values: C | U, previous?: Row) => Promise<void>;
  /** Runs inside the delete's transaction before the row goes (e.g. rows that belong to it). */
  beforeDelete?: (tx: AppContext['db'], session: Session, id: number) => Promise<void>;
  /** Strips link fields and the like before the row is written (may hash, hence async). */
  toRow?: (values: C | U) => Values | Promise<Values>;
  /** Detail answer additions (e.g. linked ids). */
  detail?: (ctx: AppContext, row: Row) => Promise<Row>;
  excel?: { file: string; columns: ExcelColumn<Row>[] };
  /** Projection of list-all-simple (enabled rows only when the table has a status). */
  simple?: { columns: Record<string, PgColumn>; where?: SQL };
}

export function resourceRoutes<Q extends ListQuery, C extends Values, U extends Values & { id: number }, Row extends Values>(
  r: RouteBuilder,
  ctx: AppContext,
  spec: ResourceSpec<Q, C, U, Row>,
) {
  const { db } = ctx;
  const p = (action: string) => ({ permission: `${spec.permission}:${action}`, ...(spec.platform && { platform: true }) });
  const tenantOf = (session: Session) => (spec.tenant ? eq(spec.tenant, session.tenantId) : undefined);
  const scopeOf = async (session: Session, q: Q | null) => and(spec.scope ? spec.scope(session, q) : tenantOf(session), await spec.dataScope?.(ctx, session));

  const where = async (q: Q, session: Session) => and(await scopeOf(session, q), ...(spec.filters ? await spec.filters(q, session, ctx) : []));
  const order = (q: Q) => {
    if (!q.sortBy) return spec.defaultSort;
    // hasOwn: `constructor` and friends are not columns.
    const column = Object.hasOwn(spec.sortable, q.sortBy) ? spec.sortable[q.sortBy] : undefined;
    if (!column) throw new AppError(ResultCode.badInput, 'common.sort-not-allowed', { field: 'sortBy' });
    return [q.sortOrder === 'desc' ? desc(column) : asc(column), asc(spec.id)];
  };
  const list = async (q: Q, session: Session, offset: number, limit: number) =>
    (await db
      .select(spec.columns)
      .from(spec.table)
      .where(await where(q, session))
      .orderBy(...order(q))
      .limit(limit)
      .offset(offset)) as unknown as Row[];

  const findRow = async (session: Session, id: number) => {
    const [row] = (await db
      .select(spec.columns)
      .from(spec.table)
      .where(and(eq(spec.id, id), await scopeOf(session, null)))) as unknown as Row[];
    if (!row) throw notFound();
    return row;
  };

  const checkUnique = async (session: Session, values: Values, id?: number) => {
    for (const u of spec.unique ?? []) {
      const value = values[u.field];
      if (value === undefined || value === null || value === '') continue;
      const same = u.ignoreCase ? sql`lower(${u.column}) = lower(${value})` : eq(u.column, value);
      const [clash] = await db
        .select({ id: spec.id })
        .from(spec.table)
        .where(and(same, u.platformWide ? undefined : tenantOf(session), id ? ne(spec.id, id) : undefined));
      if (clash) throw new AppError(ResultCode.conflict, 'common.duplicate', { field: u.field });
    }
  };

  const lists = spec.lists ?? ['page'];
  if (lists.includes('page')) {
    r.get(`${spec.base}/page`, { ...p('query'), query: spec.query, summary: `List (${spec.permission})` }, async ({ session, query }) => {
      const condition = await where(query, session);
      const [count] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(spec.table)
        .where(condition);
      return { list: await list(query, session, (query.page - 1) * query.limit, query.limit), total: count?.total ?? 0 };
    });
  }
  if (lists.includes('list')) {
    // A tree screen shows every matching row at once (the web builds the tree); no paging.
    r.get(`${spec.base}/list`, { ...p('query'), query: spec.query, summary: `All matching rows (${spec.permission})` }, async ({ session, query }) =>
      db
        .select(spec.columns)
        .from(spec.table)
        .where(await where(query, session))
        .orderBy(...order(query)),
    );
  }

  if (spec.get !== false) {
    r.get(`${spec.base}/get`, { ...p('query'), query: IdQuery, summary: `Detail (${spec.permission})` }, async ({ session, query }) => {
      const row = await findRow(session, query.id);
      return spec.detail ? spec.detail(ctx, row) : row;
    });
  }

  const create = spec.create;
  if (create) {
    r.post(`${spec.base}/create`, { ...p('create'), body: create, summary: `Create (${spec.permission})` }, async ({ session, body }) => {
      await checkUnique(session, body);
      await spec.validate?.(ctx, session, body);
      // Every tenant column is `tenantId`; the tenant comes from the session, never the request.
      const row = { ...(spec.toRow ? await spec.toRow(body) : body), ...(spec.tenant ? { tenantId: session.tenantId } : {}) };
      return db.transaction(async (tx) => {
        const [created] = (await tx
          .insert(spec.table)
          .values(row as never)
          .returning({ id: spec.id })) as { id: number }[];
        await spec.afterWrite?.(tx, session, created!.id, body);
        return created!.id;
      });
    });

    r.delete(`${spec.base}/delete`, { ...p('delete'), query: IdQuery, summary: `Delete (${spec.permission})` }, async ({ session, query }) => {
      await findRow(session, query.id);
      const reason = await spec.inUse?.(ctx, session, query.id);
      if (reason) throw new AppError(ResultCode.conflict, reason);
      await db.transaction(async (tx) => {
        await spec.beforeDelete?.(tx, session, query.id);
        await tx.delete(spec.table).where(and(eq(spec.id, query.id), tenantOf(session)));
      });
      return true;
    });
  }

  const update = spec.update;
  if (update) {
    r.put(`${spec.base}/update`, { ...p('update'), body: update, summary: `Update (${spec.permission})` }, async ({ session, body }) => {
      const previous = await findRow(session, body.id);
      await checkUnique(session, body, body.id);
      await spec.validate?.(ctx, session, body, body.id);
      const { id, ...rest } = spec.toRow ? ((await spec.toRow(body)) as U) : body;
      await db.transaction(async (tx) => {
        if (Object.keys(rest).length)
          await tx
            .update(spec.table)
            .set({ ...rest, updatedAt: ctx.clock.now() })
            .where(eq(spec.id, id ?? body.id));
        await spec.afterWrite?.(tx, session, body.id, body, previous);
      });
      return true;
    });
  }

  const excel = spec.excel;
  if (excel) {
    r.get(
      `${spec.base}/export-excel`,
      { ...p('export'), query: spec.query, summary: `Export to Excel (${spec.permission})` },
      ({ session, query, req, reply }) => streamExcel(req, reply, excel.file, excel.columns, (offset, limit) => list(query, session, offset, limit)),
    );
  }

  if (spec.simple) {
    const simple = spec.simple;
    r.get(`${spec.base}/list-all-simple`, { ...p('query'), summary: `All, for selects (${spec.permission})` }, async ({ session }) =>
      db
        .select(simple.columns)
        .from(spec.table)
        .where(and(tenantOf(session), await spec.dataScope?.(ctx, session), simple.where))
        .orderBy(...spec.defaultSort),
    );
  }
}
