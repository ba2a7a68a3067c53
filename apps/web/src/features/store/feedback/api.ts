import { feedbackApi, feedbackReply, feedbackStats, type FeedbackQuery, type FeedbackReply } from '@lightdesk/contract';
import { call } from '../../../lib/http';
import { resourceCache } from '../../../lib/resource-cache';

export const feedbackCache = resourceCache('store', 'feedback');
export const feedbackPageQuery = (q: FeedbackQuery) => feedbackCache.query(feedbackApi.page, q);
/** One feedback in full, with signed links to its pictures. */
export const feedbackDetailQuery = (id: number) => feedbackCache.query(feedbackApi.get, { id });
export const replyToFeedback = (body: FeedbackReply) => call(feedbackReply, body);

/** The registration figures count app users: they change with the app users, not with the feedback. */
const appUserCache = resourceCache('store', 'app-user');
export const registrationStatsQuery = () => appUserCache.query(feedbackStats);
