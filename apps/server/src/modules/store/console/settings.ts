import { appUserSettingsApi, type AppUserSettingsEffective } from '@lightdesk/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { resourceRoutes } from '../../../lib/resource';
import { defineRoutes } from '../../../lib/routes';
import { platformSettings, settingSql } from '../../system';
import { appUserSettings, appUsers } from '../schema';
import { findVisibleAppUser } from './app-users';
import { appUserField, visibleAppUser } from './scope';
import { contains } from '../../../lib/filters';

const person = (field: 'email' | 'mobile' | 'nickname') => appUserField(appUserSettings.appUserId, field);

const columns = {
  id: appUserSettings.appUserId,
  email: person('email').as('email'),
  mobile: person('mobile').as('mobile'),
  nickname: person('nickname').as('nickname'),
  maxStores: appUserSettings.maxStores,
  maxDevicesPerStore: appUserSettings.maxDevicesPerStore,
  heatmap: appUserSettings.heatmap,
  customerCounting: appUserSettings.customerCounting,
  retentionDays: appUserSettings.retentionDays,
  updatedAt: appUserSettings.updatedAt,
};
/**
 * What applies to a person: each override, else the platform's default — the built-in
 * parameters the app API enforces, and the platform's data retention. One expression for the
 * list and the detail, read when asked, so a changed default shows at once.
 */
const effective = sql<AppUserSettingsEffective>`jsonb_build_object(
  'maxStores', coalesce(${appUserSettings.maxStores}, ${settingSql('app.max-stores')}),
  'maxDevicesPerStore', coalesce(${appUserSettings.maxDevicesPerStore}, ${settingSql('app.max-devices-per-store')}),
  'heatmap', coalesce(${appUserSettings.heatmap}, ${settingSql('app.heatmap')}),
  'customerCounting', coalesce(${appUserSettings.customerCounting}, ${settingSql('app.customer-counting')}),
  'retentionDays', coalesce(${appUserSettings.retentionDays}, (select ${platformSettings.dataRetentionDays} from ${platformSettings} limit 1)))`;

export default defineRoutes((r, ctx) => {
  const { db } = ctx;
  // The list of people who have overrides; the effective values are worked out per row.
  resourceRoutes(r, ctx, {
    api: { page: appUserSettingsApi.page },
    table: appUserSettings,
    id: appUserSettings.appUserId,
    tenancy: { scope: (session) => visibleAppUser(session, appUserSettings.appUserId) },
    columns: { ...columns, effective: effective.as('effective') },
    filters: (q) => [contains(person('email'), q.email), contains(person('mobile'), q.mobile)],
    sortable: { updatedAt: appUserSettings.updatedAt },
    defaultSort: [desc(appUserSettings.updatedAt), desc(appUserSettings.appUserId)],
  });

  r.endpoint(appUserSettingsApi.get, async ({ session, query }) => {
    await findVisibleAppUser(ctx, session, query.id);
    // Anybody has settings: a person without overrides answers the defaults.
    const [row] = await db
      .select({ ...columns, id: appUsers.id, email: appUsers.email, mobile: appUsers.mobile, nickname: appUsers.nickname, effective })
      .from(appUsers)
      .leftJoin(appUserSettings, eq(appUserSettings.appUserId, appUsers.id))
      .where(eq(appUsers.id, query.id));
    return row;
  });

  r.endpoint(appUserSettingsApi.update, async ({ session, body }) => {
    await findVisibleAppUser(ctx, session, body.id);
    const { id, ...values } = body;
    const row = { ...values, updatedAt: ctx.clock.now() };
    await db
      .insert(appUserSettings)
      .values({ appUserId: id, ...row })
      .onConflictDoUpdate({ target: appUserSettings.appUserId, set: row });
    return true;
  });

  r.endpoint(appUserSettingsApi.clear, async ({ session, query }) => {
    await findVisibleAppUser(ctx, session, query.id);
    await db.delete(appUserSettings).where(eq(appUserSettings.appUserId, query.id));
    return true;
  });
});
