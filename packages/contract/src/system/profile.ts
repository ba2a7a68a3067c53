import { z } from 'zod';
import { DateTime, IdQuery } from '../common';
import { endpoint } from '../endpoint';
import { OnlineSession } from './session';
import { Sex, StaffUpdate } from './user';

/**
 * The signed-in staff member's own page. Every call acts on the caller's own account: the
 * account is the session's, never one the request names.
 */
export const Profile = z.object({
  username: z.string(),
  nickname: z.string(),
  email: z.string(),
  mobile: z.string(),
  sex: Sex,
  deptName: z.string().nullable(),
  postNames: z.array(z.string()),
  roleNames: z.array(z.string()),
  /** The agent the staff member works for; null for the platform's own staff. */
  agentName: z.string().nullable(),
  createdAt: DateTime,
  lastLoginAt: DateTime.nullable(),
  lastLoginIp: z.string(),
});
export type Profile = z.infer<typeof Profile>;

/** What a staff member may change about themselves: the staff form's fields and rules, nothing that grants anything. */
export const ProfileUpdate = StaffUpdate.pick({ nickname: true, email: true, mobile: true, sex: true });
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;

/** One of my sessions: an online session without the who, which is always me. */
export const MySession = OnlineSession.omit({ userId: true, username: true, nickname: true });
export type MySession = z.infer<typeof MySession>;

export const profileApi = {
  get: endpoint.get('/api/system/user/profile/get', { signedIn: true, answer: Profile, summary: 'My details' }),
  update: endpoint.put('/api/system/user/profile/update', {
    signedIn: true,
    body: ProfileUpdate,
    answer: z.literal(true),
    summary: 'Change my details',
  }),
  sessions: endpoint.get('/api/system/user/profile/session/list', {
    signedIn: true,
    answer: z.array(MySession),
    summary: 'My live sessions, the most recently active first',
  }),
  // Ending the session the call carries works as a sign-out.
  deleteSession: endpoint.delete('/api/system/user/profile/session/delete', {
    signedIn: true,
    query: IdQuery,
    answer: z.literal(true),
    summary: 'End one of my sessions',
  }),
};
