import type { StoreDetail } from '@lightdesk/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { Session } from '../../../lib/context';
import { tenants, users } from '../../system';
import { appUsers } from '../schema';

type StoreEvent = StoreDetail['history'][number];
type HistoryNames = StoreDetail['historyNames'];

/** The ids an event's detail names app users by: the member it is about, the admin before and after a transfer. */
const APP_USER_FIELDS = ['appUserId', 'from', 'to'] as const;

const idOf = (value: unknown) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/**
 * Who a store's history names, looked up when it is read: events keep ids, so a person who has
 * since left the store, or handed its administration on, is still named by who they are now.
 * Every app user an event names is shown; staff and agents as the viewer may see them — all for
 * the platform's staff, an agent's staff their own agent and its staff only (others keep the id).
 * An account deleted since is named by nobody and shows its id.
 */
export async function historyNames(db: Database, session: Session, events: Pick<StoreEvent, 'actorKind' | 'actorId' | 'detail'>[]): Promise<HistoryNames> {
  const appUserIds = new Set<number>();
  const staffIds = new Set<number>();
  const agentIds = new Set<number>();
  for (const event of events) {
    (event.actorKind === 'staff' ? staffIds : appUserIds).add(event.actorId);
    for (const field of APP_USER_FIELDS) {
      const id = idOf(event.detail[field]);
      if (id) appUserIds.add(id);
    }
    const agent = idOf(event.detail.tenantId);
    if (agent) agentIds.add(agent);
  }
  const platform = session.tenantType === 'platform';
  const ownAgent = (tenant: typeof users.tenantId | typeof tenants.id) => (platform ? undefined : eq(tenant, session.tenantId));
  const [people, staff, agents] = await Promise.all([
    appUserIds.size
      ? db
          .select({ id: appUsers.id, nickname: appUsers.nickname, email: appUsers.email, mobile: appUsers.mobile })
          .from(appUsers)
          .where(inArray(appUsers.id, [...appUserIds]))
      : [],
    staffIds.size
      ? db
          .select({ id: users.id, nickname: users.nickname })
          .from(users)
          .where(and(inArray(users.id, [...staffIds]), ownAgent(users.tenantId)))
      : [],
    agentIds.size
      ? db
          .select({ id: tenants.id, name: tenants.name })
          .from(tenants)
          .where(and(inArray(tenants.id, [...agentIds]), ownAgent(tenants.id)))
      : [],
  ]);
  return {
    appUsers: Object.fromEntries(people.map((p) => [p.id, { nickname: p.nickname, contact: p.email || p.mobile }])),
    staff: Object.fromEntries(staff.map((s) => [s.id, s.nickname])),
    agents: Object.fromEntries(agents.map((a) => [a.id, a.name])),
  };
}
