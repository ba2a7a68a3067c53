import { profileApi, subscriptionApi, type SubscriptionCreate, type SubscriptionQuery } from '@lightdesk/contract';
import { call } from '../../../lib/http';
import { resourceCache } from '../../../lib/resource-cache';

export const subscriptionCache = resourceCache('analytics', 'subscriptions');

export const subscriptionPageQuery = (q: SubscriptionQuery) => subscriptionCache.query(subscriptionApi.page, q);
/** The signer's own profile, for the address the reports go to; keyed under the subscriptions so a save reads it again. */
export const myProfileQuery = () => subscriptionCache.query(profileApi.get);

export const createSubscription = (body: SubscriptionCreate) => call(subscriptionApi.create, body);
export const updateSubscription = (id: number, body: SubscriptionCreate) => call(subscriptionApi.update, { id, ...body });
export const deleteSubscription = (id: number) => call(subscriptionApi.delete, { id });
export const sendSample = (id: number) => call(subscriptionApi.sample, { id });
