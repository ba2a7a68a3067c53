import { feedbackApi, feedbackReply, feedbackStats, type FeedbackReply } from '@lightdesk/contract';
import { and, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../../lib/context';
import { notFound } from '../../../lib/errors';
import { column, dateColumn, labelColumn } from '../../../lib/excel';
import { resourceRoutes, type RowOf } from '../../../lib/resource';
import { defineRoutes } from '../../../lib/routes';
import { countOf } from '../../../lib/sql';
import { appUsers, feedback } from '../schema';
import { appUserField, visibleAppUser } from './scope';
import { contains } from '../../../lib/filters';

const DAY_MS = 86_400_000;

/** Marks feedback handled with the reply the app shows; false when there is no such feedback (among those `visible`). */
export async function replyToFeedback(ctx: AppContext, staffId: number, body: FeedbackReply, visible?: SQL): Promise<boolean> {
  const handled = await ctx.db
    .update(feedback)
    .set({ reply: body.reply, handledAt: ctx.clock.now(), handledBy: staffId })
    .where(and(eq(feedback.id, body.id), visible))
    .returning({ id: feedback.id });
  return handled.length > 0;
}

const columns = {
  id: feedback.id,
  appUserId: feedback.appUserId,
  email: appUserField(feedback.appUserId, 'email').as('email'),
  nickname: appUserField(feedback.appUserId, 'nickname').as('nickname'),
  contactEmail: feedback.contactEmail,
  type: feedback.type,
  content: feedback.content,
  appVersion: feedback.appVersion,
  phoneModel: feedback.phoneModel,
  imageCount: sql<number>`jsonb_array_length(${feedback.images})`.as('image_count'),
  handledAt: feedback.handledAt,
  reply: feedback.reply,
  createdAt: feedback.createdAt,
};
type FeedbackRow = RowOf<typeof columns>;

export default defineRoutes((r, ctx) => {
  const { db } = ctx;
  resourceRoutes(r, ctx, {
    api: feedbackApi,
    table: feedback,
    id: feedback.id,
    tenancy: { scope: (session) => visibleAppUser(session, feedback.appUserId) },
    columns,
    filters: (q) => [
      // The customer's e-mail is their account's or the contact address they typed.
      q.email ? or(contains(appUserField(feedback.appUserId, 'email'), q.email), contains(feedback.contactEmail, q.email)) : undefined,
      q.handled === undefined ? undefined : q.handled === 'yes' ? isNotNull(feedback.handledAt) : isNull(feedback.handledAt),
    ],
    sortable: { createdAt: feedback.createdAt, handledAt: feedback.handledAt },
    defaultSort: [desc(feedback.createdAt), desc(feedback.id)],
    excel: {
      file: 'feedback',
      columns: [
        dateColumn<FeedbackRow>('createdAt', 'store:feedback.field.createdAt'),
        column<FeedbackRow>('email', 'store:feedback.field.email'),
        column<FeedbackRow>('contactEmail', 'store:feedback.field.contactEmail'),
        column<FeedbackRow>('nickname', 'store:feedback.field.nickname'),
        labelColumn<FeedbackRow>('type', 'store:feedback.field.type', (f) => `store:feedback.type.${f.type}`),
        column<FeedbackRow>('content', 'store:feedback.field.content', { width: 50 }),
        column<FeedbackRow>('appVersion', 'store:feedback.field.appVersion'),
        column<FeedbackRow>('phoneModel', 'store:feedback.field.phoneModel'),
        column<FeedbackRow>('imageCount', 'store:feedback.field.images'),
        column<FeedbackRow>('handled', 'store:feedback.field.handled', {
          value: (f, reader) => reader.text(f.handledAt ? 'store:feedback.handled.yes' : 'store:feedback.handled.no'),
        }),
        column<FeedbackRow>('reply', 'store:feedback.field.reply', { width: 50 }),
      ],
    },
    detail: async ({ files }, row) => {
      const [own] = await db.select({ images: feedback.images }).from(feedback).where(eq(feedback.id, row.id));
      return { ...row, images: await Promise.all((own?.images ?? []).map((key) => files.links.link(key))) };
    },
  });

  r.endpoint(feedbackReply, async ({ session, body }) => {
    if (!(await replyToFeedback(ctx, session.userId, body, visibleAppUser(session, feedback.appUserId)))) throw notFound();
    return true;
  });

  r.endpoint(feedbackStats, async ({ session }) => {
    // "Today" is the platform's day, in UTC: app users live in many time zones, and the figure must be one.
    const now = ctx.clock.now();
    const today = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
    const weekAgo = new Date(today.getTime() - 6 * DAY_MS);
    const since = (day: Date) => sql<number>`(count(*) filter (where ${appUsers.createdAt} >= ${day}))::int`;
    const [row] = await db
      .select({ registeredToday: since(today), registeredLast7Days: since(weekAgo), totalUsers: countOf })
      .from(appUsers)
      .where(visibleAppUser(session, appUsers.id));
    return row!;
  });
});
