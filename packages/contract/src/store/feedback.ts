import { z } from 'zod';
import { DateTime, Id, OptionalEmail, PageQuery, pageOf, Text } from '../common';
import { endpoint } from '../endpoint';
import type { FileTypeName } from '../file-types';

export const FeedbackType = z.enum(['suggestion', 'fault', 'question', 'other']);
export type FeedbackType = z.infer<typeof FeedbackType>;
export const FEEDBACK_MAX_IMAGES = 4;
/** Raster pictures only: an SVG may carry script. */
export const FEEDBACK_IMAGE_TYPES: readonly FileTypeName[] = ['jpg', 'png', 'gif', 'webp'];

/** The text fields of a feedback upload (multipart: these fields, then up to four `images` files). */
export const FeedbackFields = z.object({
  type: FeedbackType,
  content: Text(2000, { lines: true }).min(1),
  appVersion: Text(30).default(''),
  phoneModel: Text(100).default(''),
  contactEmail: OptionalEmail.default(''),
});
export type FeedbackFields = z.infer<typeof FeedbackFields>;

export const AppFeedback = z.object({
  id: Id,
  type: z.string(),
  content: z.string(),
  /** Signed links to the pictures. */
  images: z.array(z.string()),
  appVersion: z.string(),
  phoneModel: z.string(),
  contactEmail: z.string(),
  createdAt: DateTime,
  handledAt: DateTime.nullable(),
  reply: z.string(),
});
export type AppFeedback = z.infer<typeof AppFeedback>;

export const appFeedbackApi = {
  send: endpoint.post('/open/app/feedback', {
    appUser: true,
    rateLimit: 10,
    summary: 'Send feedback (multipart: type, content, appVersion, phoneModel, contactEmail, then up to 4 `images`)',
    answer: Id,
  }),
  mine: endpoint.get('/open/app/feedback', { appUser: true, summary: 'My feedback with the replies', query: PageQuery, answer: pageOf(AppFeedback) }),
};
