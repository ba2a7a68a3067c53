import { profileApi, type ProfileUpdate } from '@lightdesk/contract';
import { call } from '../lib/http';
import { resourceCache } from '../lib/resource-cache';

/** The signed-in person's own details and sessions; every call is about the caller, never someone named. */
export const profileCache = resourceCache('system', 'profile');
export const mySessionsCache = resourceCache('system', 'my-sessions');

export const profileQuery = () => profileCache.query(profileApi.get);
export const mySessionsQuery = () => mySessionsCache.query(profileApi.sessions);

export const updateProfile = (body: ProfileUpdate) => call(profileApi.update, body);
/** Ends one of my sessions at once: that device is sent to sign in on its next call. */
export const endMySession = (id: number) => call(profileApi.deleteSession, { id });
