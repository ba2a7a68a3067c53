import { appAccountApi } from '@lightdesk/contract';
import { defineRoutes } from '../../../lib/routes';
import { metaOf } from '../../system';
import { appUserOf, revokeAppSessions } from './app-sessions';
import { cancelAccount, login, readMe, register, sendRegistrationCode, updateMe, withdrawCancellation } from './account';

/** The app's own account: registration, sign-in, the person's details and cancellation. */
export default defineRoutes((r, ctx) => {
  r.endpoint(appAccountApi.sendCode, async ({ body }) => {
    await sendRegistrationCode(ctx, body);
    return true;
  });
  r.endpoint(appAccountApi.register, ({ body }) => register(ctx, body));
  r.endpoint(appAccountApi.login, ({ body, req }) => login(ctx, body, metaOf(req)));
  r.endpoint(appAccountApi.logout, async ({ caller }) => {
    await revokeAppSessions(ctx.db, ctx.clock.now(), { sessionId: appUserOf(caller).sessionId }, 'logout');
    return true;
  });
  r.endpoint(appAccountApi.me, ({ caller }) => readMe(ctx, appUserOf(caller).appUserId));
  r.endpoint(appAccountApi.updateMe, ({ caller, body }) => updateMe(ctx, appUserOf(caller).appUserId, body));
  r.endpoint(appAccountApi.withdrawCancellation, async ({ body, req }) => {
    await withdrawCancellation(ctx, body, metaOf(req));
    return true as const;
  });
  r.endpoint(appAccountApi.cancel, async ({ caller, body }) => {
    await cancelAccount(ctx, appUserOf(caller).appUserId, body);
    return true;
  });
});
