import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Session } from '../../../lib/context';

/**
 * Who sees what of the stores' world in the console: platform staff see every store; an
 * agent's staff see the stores assigned to their agent, the app users who are members of those
 * stores, those stores' devices, and what those people sent (feedback, phones, requests).
 */
/**
 * A column of the outer query, qualified by its table: inside a subquery Drizzle writes a bare
 * column name, which the subquery's own tables would capture (`id` of the inner table).
 */
export const outer = (column: PgColumn) => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

const isPlatform = (session: Session) => session.tenantType === 'platform';

/** The stores the caller sees, as a condition on a table that has the store's tenant. */
export const storeTenancy = (session: Session, tenantColumn: PgColumn): SQL | undefined =>
  isPlatform(session) ? undefined : sql`${outer(tenantColumn)} = ${session.tenantId}`;

/** Rows of a store the caller sees, by the row's store id column. */
export const inVisibleStore = (session: Session, storeIdColumn: PgColumn): SQL | undefined =>
  isPlatform(session) ? undefined : sql`${outer(storeIdColumn)} in (select s.id from stores s where s.tenant_id = ${session.tenantId})`;

/** Rows of an app user the caller sees (a member of one of their stores), by the row's app user id column. */
export const visibleAppUser = (session: Session, appUserIdColumn: PgColumn): SQL | undefined =>
  isPlatform(session)
    ? undefined
    : sql`exists (select 1 from store_members vm join stores vs on vs.id = vm.store_id where vm.app_user_id = ${outer(appUserIdColumn)} and vs.tenant_id = ${session.tenantId})`;

/** A field of the app user a row belongs to, as a scalar subquery (one statement for a whole page). */
export const appUserField = (appUserIdColumn: PgColumn, field: 'email' | 'mobile' | 'nickname') =>
  sql<string>`(select pu.${sql.identifier(field)} from app_users pu where pu.id = ${outer(appUserIdColumn)})`;
