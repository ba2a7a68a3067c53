import { and, asc, eq, inArray, isNull, lte, ne } from 'drizzle-orm';
import type { AppContext } from '../../../lib/context';
import { defineJob } from '../../../lib/jobs';
import { anonymiseLogins, APP_SIGN_IN } from '../../system';
import {
  appCancellationRequests,
  appSessions,
  appUsers,
  appUserSettings,
  appVerificationCodes,
  feedback,
  mailOutbox,
  mobileDevices,
  storeMembers,
} from '../schema';
import { lockStore, recordStoreEvent, type StoreActor } from '../store-rules';

/** Not a password hash: no password verifies against it, so a purged account never signs in again. */
const NO_PASSWORD = 'purged';

/**
 * Deletes the personal data of app users whose cancellation grace period is over, unless the
 * request was withdrawn or an operator enabled the account again. The row stays, anonymised,
 * for the statistics that count it. The person leaves every store; in a store they administered
 * the longest-standing member becomes admin, and a store with nobody left keeps its devices and
 * waits for an operator.
 */
export async function purgeCancelledAppUsers(ctx: AppContext, signal?: AbortSignal): Promise<number> {
  const now = ctx.clock.now();
  const due = await ctx.db
    .select({ requestId: appCancellationRequests.id, appUserId: appUsers.id, email: appUsers.email, mobile: appUsers.mobile })
    .from(appCancellationRequests)
    .innerJoin(appUsers, eq(appUsers.id, appCancellationRequests.appUserId))
    .where(
      and(
        isNull(appCancellationRequests.purgedAt),
        isNull(appCancellationRequests.withdrawnAt),
        lte(appCancellationRequests.purgeAfter, now),
        eq(appUsers.status, 1),
      ),
    );
  for (const person of due) {
    signal?.throwIfAborted();
    const actor: StoreActor = { kind: 'app-user', id: person.appUserId };
    await ctx.db.transaction(async (tx) => {
      const memberships = await tx.select().from(storeMembers).where(eq(storeMembers.appUserId, person.appUserId));
      for (const { storeId, role } of memberships) {
        await lockStore(tx, storeId);
        await tx.delete(storeMembers).where(and(eq(storeMembers.storeId, storeId), eq(storeMembers.appUserId, person.appUserId)));
        await recordStoreEvent(tx, now, storeId, actor, 'member-left', { reason: 'account-purged' });
        if (role !== 'admin') continue;
        const [next] = await tx
          .select({ appUserId: storeMembers.appUserId })
          .from(storeMembers)
          .where(and(eq(storeMembers.storeId, storeId), ne(storeMembers.appUserId, person.appUserId)))
          .orderBy(asc(storeMembers.joinedAt), asc(storeMembers.appUserId))
          .limit(1);
        if (!next) continue;
        await tx
          .update(storeMembers)
          .set({ role: 'admin' })
          .where(and(eq(storeMembers.storeId, storeId), eq(storeMembers.appUserId, next.appUserId)));
        await recordStoreEvent(tx, now, storeId, actor, 'admin-transferred', { from: person.appUserId, to: next.appUserId, reason: 'account-purged' });
      }
      await tx
        .update(appUsers)
        .set({ email: '', mobile: '', nickname: '', passwordHash: NO_PASSWORD, lastLoginAt: null, lastLoginIp: '', purgedAt: now, updatedAt: now })
        .where(eq(appUsers.id, person.appUserId));
      await tx.delete(appSessions).where(eq(appSessions.appUserId, person.appUserId));
      await tx.delete(mobileDevices).where(eq(mobileDevices.appUserId, person.appUserId));
      await tx.delete(appUserSettings).where(eq(appUserSettings.appUserId, person.appUserId));
      await tx.update(feedback).set({ contactEmail: '' }).where(eq(feedback.appUserId, person.appUserId));
      const addresses = [person.email, person.mobile].filter(Boolean);
      if (addresses.length) {
        await tx.delete(appVerificationCodes).where(inArray(appVerificationCodes.target, addresses));
        await anonymiseLogins(tx, APP_SIGN_IN, addresses, `cancelled-app-user-${person.appUserId}`);
      }
      if (person.email) await tx.delete(mailOutbox).where(eq(mailOutbox.to, person.email));
      await tx.update(appCancellationRequests).set({ reason: '', purgedAt: now }).where(eq(appCancellationRequests.id, person.requestId));
    });
  }
  return due.length;
}

export const appAccountPurgeJob = defineJob({
  name: 'store/app-account-purge',
  counts: ['accounts'],
  schedule: { dailyAt: '02:45' },
  run: async ({ ctx, signal }) => ({ accounts: await purgeCancelledAppUsers(ctx, signal) }),
});
