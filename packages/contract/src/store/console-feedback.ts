import { z } from 'zod';
import { DateTime, Id, ListQuery, Text, TextFilter } from '../common';
import { endpoint } from '../endpoint';
import { resourceEndpoints } from '../resource';

export const FeedbackQuery = ListQuery.extend({
  /** The customer's e-mail: their account's or the contact address they gave. */
  email: TextFilter,
  handled: z.enum(['yes', 'no']).optional(),
});
export type FeedbackQuery = z.infer<typeof FeedbackQuery>;

export const Feedback = z.object({
  id: Id,
  appUserId: Id,
  email: z.string(),
  nickname: z.string(),
  contactEmail: z.string(),
  type: z.string(),
  content: z.string(),
  appVersion: z.string(),
  phoneModel: z.string(),
  imageCount: z.number().int(),
  handledAt: DateTime.nullable(),
  reply: z.string(),
  createdAt: DateTime,
});
export type Feedback = z.infer<typeof Feedback>;
/** The detail adds links to the pictures, valid for a day. */
export const FeedbackDetail = Feedback.extend({ images: z.array(z.string()) });
export type FeedbackDetail = z.infer<typeof FeedbackDetail>;

export const feedbackApi = resourceEndpoints('/api/workbench/feedback', 'workbench:feedback', {
  name: 'feedback',
  query: FeedbackQuery,
  row: Feedback,
  detail: FeedbackDetail,
  excel: true,
});

export const FeedbackReply = z.object({ id: Id, reply: Text(2000, { lines: true }).min(1) });
export type FeedbackReply = z.infer<typeof FeedbackReply>;
/** New registrants today and in the last seven days (platform days, UTC), and all app users. */
export const FeedbackStats = z.object({ registeredToday: z.number().int(), registeredLast7Days: z.number().int(), totalUsers: z.number().int() });
export type FeedbackStats = z.infer<typeof FeedbackStats>;
export const feedbackReply = endpoint.put('/api/workbench/feedback/reply', {
  permission: 'workbench:feedback:update',
  body: FeedbackReply,
  answer: z.literal(true),
  summary: 'Mark feedback handled with a reply the app shows',
});
export const feedbackStats = endpoint.get('/api/workbench/feedback/stats', {
  permission: 'workbench:feedback:query',
  answer: FeedbackStats,
  summary: 'App user registrations beside the feedback list',
});
