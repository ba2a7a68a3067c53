import { IdQuery, ResultCode, type ListQuery, type MessageKey } from '@lightdesk/contract';
import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AppContext, Session } from './context';
import { AppError, notFound } from './errors';
import { streamExcel, type ExcelColumn } from './excel';
import type { RouteBuilder } from './routes';

type Values = Record<string, unknown>;

/**
 * A list/form resource declared in one place; `resourceRoutes` turns it into the console
 * convention (issue 4): GET page, get, export-excel, list-all-simple; POST create; PUT update;
 * DELETE delete — each guarded by `<permission>:<action>`, each scoped to the caller's tenant.
 */
export interface ResourceSpec<Q extends ListQuery, C extends Values, U extends Values & { id: number }, Row extends Values> {
  /** e.g. `/api/system/post` */
  base: string;
  /** e.g. `system:post`; actions are appended. */
  permission: string;
  table: PgTable;
  id: PgColumn;
  /** The tenant column, when rows belong to a tenant. */
  tenant?: PgColumn;
  query: z.ZodType<Q>;
  create: z.ZodType<C>;
  update: z.ZodType<U>;
  /** The columns a list row and a detail answer hold. */
  columns: Record<string, PgColumn | SQL.Aliased>;
  /** Filters from the query (undefined = no filter); the data scope of the caller goes here too. */
  filters?: (q: Q, session: Session, ctx: AppContext) => Promise<(SQL | undefined)[]> | (SQL | undefined)[];
  /** The only columns a client may sort by. */
  sortable: Record<string, PgColumn>;
  defaultSort: SQL[];
  /** Fields that must be unique (within the tenant when the resource has one). */
  unique?: { field: string; column: PgColumn }[];
  /** Extra checks before a write; throw an AppError to refuse. */
  validate?: (ctx: AppContext, session: Session, values: C | U, id?: number) => Promise<void>;
  /** Why a row cannot be deleted now, as a message key; undefined when it can. */
  inUse?: (ctx: AppContext, session: Session, id: number) => Promise<MessageKey | undefined>;
  /** Runs after create/update inside the same transaction (e.g. link tables). */
  afterWrite?: (tx: AppContext['db'], session: Session, id: number, values: C | U) => Promise<void>;
  /** Strips link fields and the like before the row is written. */
  toRow?: (values: C | U) => Values;
  /** Detail answer additions (e.g. linked ids). */
  detail?: (ctx: AppContext, row: Row) => Promise<Row>;
  excel: { file: string; columns: ExcelColumn<Row>[] };
  /** Projection of list-all-simple (enabled rows only when the table has a status). */
  simple?: { columns: Record<string, PgColumn>; where?: SQL };
}

export function resourceRoutes<Q extends ListQuery, C extends Values, U extends Values & { id: number }, Row extends Values>(
  r: RouteBuilder,
  ctx: AppContext,
  spec: ResourceSpec<Q, C, U, Row>,
) {
  const { db } = ctx;
  const p = (action: string) => `${spec.permission}:${action}`;
  const tenantOf = (session: Session) => (spec.tenant ? eq(spec.tenant, session.tenantId) : undefined);

  const where = async (q: Q, session: Session) => and(tenantOf(session), ...(spec.filters ? await spec.filters(q, session, ctx) : []));
  const order = (q: Q) => {
    if (!q.sortBy) return spec.defaultSort;
    const column = spec.sortable[q.sortBy];
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
    const [row] = (await db.select(spec.columns).from(spec.table).where(and(eq(spec.id, id), tenantOf(session)))) as unknown as Row[];
    if (!row) throw notFound();
    return row;
  };

  const checkUnique = async (session: Session, values: Values, id?: number) => {
    for (const u of spec.unique ?? []) {
      if (values[u.field] === undefined) continue;
      const [clash] = await db
        .select({ id: spec.id })
        .from(spec.table)
        .where(and(eq(u.column, values[u.field]), tenantOf(session), id ? ne(spec.id, id) : undefined));
      if (clash) throw new AppError(ResultCode.conflict, 'common.duplicate', { field: u.field });
    }
  };

  r.get(`${spec.base}/page`, { permission: p('query'), query: spec.query, summary: `List (${spec.permission})` }, async ({ session, query }) => {
    const condition = await where(query, session);
    const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(spec.table).where(condition);
    return { list: await list(query, session, (query.page - 1) * query.limit, query.limit), total: count?.total ?? 0 };
  });

  r.get(`${spec.base}/get`, { permission: p('query'), query: IdQuery, summary: `Detail (${spec.permission})` }, async ({ session, query }) => {
    const row = await findRow(session, query.id);
    return spec.detail ? spec.detail(ctx, row) : row;
  });

  r.post(`${spec.base}/create`, { permission: p('create'), body: spec.create, summary: `Create (${spec.permission})` }, async ({ session, body }) => {
    await checkUnique(session, body);
    await spec.validate?.(ctx, session, body);
    return db.transaction(async (tx) => {
      // Every tenant column is `tenantId`; the tenant comes from the session, never the request.
      const row = { ...(spec.toRow ? spec.toRow(body) : body), ...(spec.tenant ? { tenantId: session.tenantId } : {}) };
      const [created] = (await tx.insert(spec.table).values(row as never).returning({ id: spec.id })) as { id: number }[];
      await spec.afterWrite?.(tx, session, created!.id, body);
      return created!.id;
    });
  });

  r.put(`${spec.base}/update`, { permission: p('update'), body: spec.update, summary: `Update (${spec.permission})` }, async ({ session, body }) => {
    await findRow(session, body.id);
    await checkUnique(session, body, body.id);
    await spec.validate?.(ctx, session, body, body.id);
    const { id, ...rest } = spec.toRow ? (spec.toRow(body) as U) : body;
    await db.transaction(async (tx) => {
      if (Object.keys(rest).length) await tx.update(spec.table).set({ ...rest, updatedAt: ctx.clock.now() }).where(eq(spec.id, id ?? body.id));
      await spec.afterWrite?.(tx, session, body.id, body);
    });
    return true;
  });

  r.delete(`${spec.base}/delete`, { permission: p('delete'), query: IdQuery, summary: `Delete (${spec.permission})` }, async ({ session, query }) => {
    await findRow(session, query.id);
    const reason = await spec.inUse?.(ctx, session, query.id);
    if (reason) throw new AppError(ResultCode.conflict, reason);
    await db.delete(spec.table).where(and(eq(spec.id, query.id), tenantOf(session)));
    return true;
  });

  r.get(`${spec.base}/export-excel`, { permission: p('export'), query: spec.query, summary: `Export to Excel (${spec.permission})` }, ({ session, query, req, reply }) =>
    streamExcel(req, reply, spec.excel.file, spec.excel.columns, (offset, limit) => list(query, session, offset, limit)),
  );

  if (spec.simple) {
    const simple = spec.simple;
    r.get(`${spec.base}/list-all-simple`, { permission: p('query'), summary: `All, for selects (${spec.permission})` }, async ({ session }) =>
      db.select(simple.columns).from(spec.table).where(and(tenantOf(session), simple.where)).orderBy(...spec.defaultSort),
    );
  }
}
