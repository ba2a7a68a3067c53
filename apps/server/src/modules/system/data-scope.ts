import { ALL_PERMISSIONS, DataScope } from '@lightdesk/contract';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { depts, roleDepts, roles, userRoles, users } from './schema';
import type { AppContext, Session } from '../../lib/context';

/** What a caller may see of data that has a department or an owner: everything, or these departments and/or their own rows. */
export type CallerScope = { all: true } | { all: false; deptIds: number[]; self: boolean };

/** The given departments and every department below them, within one tenant (ids of other tenants drop out). */
export async function deptsAndBelow(db: Database, tenantId: number, roots: readonly number[]): Promise<number[]> {
  if (!roots.length) return [];
  const rows = await db.select({ id: depts.id, parentId: depts.parentId }).from(depts).where(eq(depts.tenantId, tenantId));
  const children = new Map<number, number[]>();
  for (const d of rows) children.set(d.parentId, [...(children.get(d.parentId) ?? []), d.id]);
  const known = new Set(rows.map((d) => d.id));
  const found = new Set<number>();
  // Iterative walk; `found` also stops a corrupted (cyclic) tree from looping forever.
  const stack = roots.filter((id) => known.has(id));
  while (stack.length) {
    const id = stack.pop()!;
    if (found.has(id)) continue;
    found.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return [...found].sort((a, b) => a - b);
}

async function computeScope(db: Database, session: Session): Promise<CallerScope> {
  // The platform administrator (`*:*:*`) sees everything, whatever the data scope of its role says.
  if (session.permissions.includes(ALL_PERMISSIONS)) return { all: true };
  const held = await db
    .select({ id: roles.id, dataScope: roles.dataScope })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, session.userId), eq(roles.tenantId, session.tenantId), eq(roles.status, 0)));
  const scopes = new Set(held.map((r) => r.dataScope));
  if (scopes.has(DataScope.all)) return { all: true };

  // Several roles widen one another: the caller sees the union of what each role shows.
  const deptIds = new Set<number>();
  const custom = held.filter((r) => r.dataScope === DataScope.customDepts).map((r) => r.id);
  if (custom.length) {
    const chosen = await db
      .select({ id: roleDepts.deptId })
      .from(roleDepts)
      .innerJoin(depts, eq(depts.id, roleDepts.deptId))
      .where(and(inArray(roleDepts.roleId, custom), eq(depts.tenantId, session.tenantId)));
    for (const d of chosen) deptIds.add(d.id);
  }
  if (scopes.has(DataScope.ownDept) || scopes.has(DataScope.ownDeptAndBelow)) {
    const [me] = await db.select({ deptId: users.deptId }).from(users).where(eq(users.id, session.userId));
    const own = me?.deptId;
    if (own) {
      if (scopes.has(DataScope.ownDeptAndBelow)) for (const id of await deptsAndBelow(db, session.tenantId, [own])) deptIds.add(id);
      else deptIds.add(own);
    }
  }
  // A caller whose roles name no scope at all falls back to the narrowest: their own rows.
  const self = scopes.has(DataScope.self) || held.length === 0;
  return { all: false, deptIds: [...deptIds].sort((a, b) => a - b), self };
}

/** One computation per request: a session object lives for one request, and its list and count both ask. */
const perRequest = new WeakMap<Session, Promise<CallerScope>>();

/** The caller's data scope: the widest of their enabled roles (1 all … 5 own data only). */
export function callerScope(ctx: Pick<AppContext, 'db'>, session: Session): Promise<CallerScope> {
  let scope = perRequest.get(session);
  if (!scope) {
    scope = computeScope(ctx.db, session);
    perRequest.set(session, scope);
  }
  return scope;
}

/** The columns that place a row: its department and its owner (a user id). A table may have either or both. */
export interface ScopeColumns {
  dept?: PgColumn;
  owner?: PgColumn;
}

/**
 * The condition limiting a query to the caller's data scope (undefined when they see all):
 * rows of their departments, or owned by them. A row that neither column places is outside.
 */
export function scopeCondition(scope: CallerScope, session: Session, columns: ScopeColumns): SQL | undefined {
  if (scope.all) return undefined;
  const parts: SQL[] = [];
  if (columns.dept && scope.deptIds.length) parts.push(inArray(columns.dept, scope.deptIds));
  if (columns.owner && scope.self) parts.push(eq(columns.owner, session.userId));
  return parts.length ? or(...parts) : sql`false`;
}

/** `scopeCondition` for the caller of this request; any module applies it to its own columns. */
export async function dataScopeCondition(ctx: Pick<AppContext, 'db'>, session: Session, columns: ScopeColumns): Promise<SQL | undefined> {
  return scopeCondition(await callerScope(ctx, session), session, columns);
}

/** The same, shaped for `ResourceSpec.dataScope`: `dataScope: dataScopeOn({ dept: users.deptId, owner: users.id })`. */
export const dataScopeOn = (columns: ScopeColumns) => (ctx: AppContext, session: Session) => dataScopeCondition(ctx, session, columns);
