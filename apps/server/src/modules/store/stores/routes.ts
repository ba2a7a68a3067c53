import { appStoreApi } from '@lightdesk/contract';
import { defineRoutes } from '../../../lib/routes';
import { appUserOf } from '../app-auth/app-sessions';
import { dissolveGroup, removeMember, transferAdmin } from '../store-rules';
import {
  addDevice,
  createGroup,
  createInvitation,
  createStore,
  deleteStore,
  groupByCode,
  joinStore,
  leaveStore,
  membership,
  myStores,
  regroupLuminaires,
  renameGroup,
  renameStore,
  resetDevice,
  storeDetail,
} from './service';

/**
 * Stores in the app. Only a store's admin renames, deletes, invites, removes members and hands
 * the admin role over; every member sets up groups and devices, as the people installing them.
 */
export default defineRoutes((r, ctx) => {
  const me = (caller: Parameters<typeof appUserOf>[0]) => appUserOf(caller).appUserId;

  r.endpoint(appStoreApi.create, ({ caller, body }) => createStore(ctx, me(caller), body));
  r.endpoint(appStoreApi.mine, ({ caller }) => myStores(ctx, me(caller)));
  r.endpoint(appStoreApi.get, ({ caller, query }) => storeDetail(ctx, me(caller), query.meshId));
  r.endpoint(appStoreApi.rename, async ({ caller, body }) => {
    await renameStore(ctx, me(caller), body);
    return true;
  });
  r.endpoint(appStoreApi.remove, async ({ caller, query }) => {
    await deleteStore(ctx, me(caller), query.meshId);
    return true;
  });

  r.endpoint(appStoreApi.invite, ({ caller, body }) => createInvitation(ctx, me(caller), body));
  r.endpoint(appStoreApi.join, ({ caller, body }) => joinStore(ctx, me(caller), body.code));
  r.endpoint(appStoreApi.leave, async ({ caller, body }) => {
    await leaveStore(ctx, me(caller), body.meshId);
    return true;
  });
  r.endpoint(appStoreApi.removeMember, async ({ caller, body }) => {
    const { store, actor } = await membership(ctx, me(caller), body.meshId, 'admin');
    await removeMember(ctx, actor, store.id, body.appUserId);
    return true;
  });
  r.endpoint(appStoreApi.transferAdmin, async ({ caller, body }) => {
    const { store, actor } = await membership(ctx, me(caller), body.meshId, 'admin');
    await transferAdmin(ctx, actor, store.id, body.appUserId);
    return true;
  });

  r.endpoint(appStoreApi.createGroup, async ({ caller, body }) => createGroup(ctx, await membership(ctx, me(caller), body.meshId), body.groupName));
  r.endpoint(appStoreApi.renameGroup, async ({ caller, body }) => {
    await renameGroup(ctx, await membership(ctx, me(caller), body.meshId), body.groupCode, body.groupName);
    return true;
  });
  r.endpoint(appStoreApi.groupLuminaires, async ({ caller, body }) =>
    regroupLuminaires(ctx, await membership(ctx, me(caller), body.meshId), body.groupCode, body.add, body.remove),
  );
  r.endpoint(appStoreApi.dissolveGroup, async ({ caller, query }) => {
    const { store, actor } = await membership(ctx, me(caller), query.meshId);
    const group = await groupByCode(ctx.db, store.id, query.groupCode);
    await dissolveGroup(ctx, actor, store.id, group.id);
    return true;
  });

  r.endpoint(appStoreApi.addDevice, async ({ caller, body }) => addDevice(ctx, await membership(ctx, me(caller), body.meshId), body));
  r.endpoint(appStoreApi.resetDevice, async ({ caller, query }) => {
    await resetDevice(ctx, await membership(ctx, me(caller), query.meshId), query.uuid);
    return true;
  });
});
