import { appFeedbackApi, FEEDBACK_IMAGE_TYPES, FEEDBACK_MAX_IMAGES, FeedbackFields, type AppFeedback } from '@lightdesk/contract';
import { desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import * as z from 'zod/v4/core';
import type { AppContext } from '../../../lib/context';
import { badInput, fromZodError } from '../../../lib/errors';
import { defineRoutes } from '../../../lib/routes';
import { countOf } from '../../../lib/sql';
import { readSetting } from '../../system';
import { appUserOf } from '../app-auth/app-sessions';
import { feedback } from '../schema';

/** How long the picture links in an answer last; the app asks again for fresh ones. */
const IMAGE_LINK_SECONDS = 86_400;

/**
 * Feedback from the app: the text fields and up to four pictures in one multipart upload. The
 * pictures are checked by content as they stream to storage. If anything is refused, the ones
 * already stored are left to the storage sweep: the same bytes may be a picture someone else
 * shows, so a refused request deletes nothing.
 */
async function receive(ctx: AppContext, appUserId: number, req: FastifyRequest) {
  if (!req.isMultipart()) throw badInput('content', 'send the feedback as multipart/form-data');
  const maxBytes = (await readSetting(ctx.db, 'upload.max-size-mb')) * 1024 * 1024;
  const fields: Record<string, string> = {};
  const images: string[] = [];
  // One file over the limit is let through to be refused by name rather than by the parser.
  for await (const part of req.parts({ limits: { files: FEEDBACK_MAX_IMAGES + 1, fileSize: maxBytes + 1 } })) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    if (part.fieldname !== 'images') throw badInput(part.fieldname, 'is not a field of feedback');
    if (images.length === FEEDBACK_MAX_IMAGES) throw badInput('images', `at most ${FEEDBACK_MAX_IMAGES} pictures`);
    images.push((await ctx.files.storage.put(part.file, { maxBytes, types: FEEDBACK_IMAGE_TYPES })).key);
  }
  const parsed = z.safeParse(FeedbackFields, fields);
  if (!parsed.success) throw fromZodError(parsed.error, 'body');
  return saveFeedback(ctx, appUserId, parsed.data, images);
}

/** Keeps feedback whose pictures are stored already (by their keys). */
export async function saveFeedback(ctx: AppContext, appUserId: number, fields: FeedbackFields, images: string[]): Promise<number> {
  const [row] = await ctx.db
    .insert(feedback)
    .values({ appUserId, ...fields, images, createdAt: ctx.clock.now() })
    .returning({ id: feedback.id });
  return row!.id;
}

export default defineRoutes((r, ctx) => {
  r.endpoint(appFeedbackApi.send, ({ caller, req }) => receive(ctx, appUserOf(caller).appUserId, req));

  r.endpoint(appFeedbackApi.mine, async ({ caller, query }) => {
    const mine = eq(feedback.appUserId, appUserOf(caller).appUserId);
    const [total] = await ctx.db.select({ n: countOf }).from(feedback).where(mine);
    const rows = await ctx.db
      .select()
      .from(feedback)
      .where(mine)
      .orderBy(desc(feedback.createdAt), desc(feedback.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    const list: AppFeedback[] = await Promise.all(
      rows.map(async (f) => ({
        id: f.id,
        type: f.type,
        content: f.content,
        images: await Promise.all(f.images.map((key) => ctx.files.links.link(key, IMAGE_LINK_SECONDS))),
        appVersion: f.appVersion,
        phoneModel: f.phoneModel,
        contactEmail: f.contactEmail,
        createdAt: f.createdAt.toISOString(),
        handledAt: f.handledAt?.toISOString() ?? null,
        reply: f.reply,
      })),
    );
    return { list, total: total!.n };
  });
});
