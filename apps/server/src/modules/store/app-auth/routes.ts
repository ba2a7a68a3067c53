import { appAccountApi } from '@lightdesk/contract';
import type { FastifyRequest } from 'fastify';
import { defineRoutes } from '../../../lib/routes';
import { appUserOf, revokeAppSessions } from './app-sessions';
import { cancelAccount, login, readMe, register, sendRegistrationCode, updateMe, withdrawCancellation } from './account';

const metaOf = (req: FastifyRequest) => ({ ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });

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
  r.endpoint(appAccountApi.withdrawCancellation, async ({ body }) => {
    await withdrawCancellation(ctx, body);
    return true as const;
  });
  r.endpoint(appAccountApi.cancel, async ({ caller, body }) => {
    await cancelAccount(ctx, appUserOf(caller).appUserId, body);
    return true;
  });
});
