import { AVATAR_TYPES, staffApi } from '@lightdesk/contract';
import { eq } from 'drizzle-orm';
import { users } from '../schema';
import { readSetting } from '../config/settings';
import type { AppContext } from '../../../lib/context';
import { badInput } from '../../../lib/errors';
import { defineRoutes } from '../../../lib/routes';
import { isFileKey } from '../../../lib/storage';

/** How long an avatar link lasts; the console asks for a fresh one with the signed-in user's details. */
const AVATAR_LINK_SECONDS = 7 * 86_400;

/** What the console shows for a stored avatar value: a signed link to a stored file, a URL as it is, '' for none. */
export const avatarUrl = (ctx: AppContext, avatar: string): Promise<string> =>
  isFileKey(avatar) ? ctx.files.links.link(avatar, AVATAR_LINK_SECONDS) : Promise.resolve(avatar);

export default defineRoutes((r, ctx) => {
  // The file is streamed to storage, which enforces the upload size setting; the body limit is not what stops it.
  r.endpoint(staffApi.updateAvatar, async ({ session, req }) => {
    if (!req.isMultipart()) throw badInput('file', 'send the picture as multipart/form-data');
    const maxBytes = (await readSetting(ctx.db, 'upload.max-size-mb')) * 1024 * 1024;
    // One byte over the limit reaches storage, which refuses it; the parser never reads further.
    const part = await req.file({ limits: { fileSize: maxBytes + 1 } });
    if (!part) throw badInput('file', 'required');
    const stored = await ctx.files.storage.put(part.file, { maxBytes, types: AVATAR_TYPES });
    // The picture shown before stays stored while anything else uses it; the storage sweep decides.
    await ctx.db.update(users).set({ avatar: stored.key, updatedAt: ctx.clock.now() }).where(eq(users.id, session.userId));
    return { avatar: await avatarUrl(ctx, stored.key) };
  });
});
