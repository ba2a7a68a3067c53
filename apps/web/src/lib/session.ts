import { DEFAULT_ROLE, type PermissionInfo } from '@lightdesk/contract';
import { create } from 'zustand';

export type CurrentUser = PermissionInfo['user'];

/** Shown when the user has no avatar; served from public/. */
export const DEFAULT_AVATAR = `${import.meta.env.BASE_URL}avatar-default.svg`;

/**
 * Who is signed in: what permission checks and the navbar read.
 * The app sets and clears it (after sign-in, on sign-out); the person's own picture and name
 * change through `updateUser` when they change them, and everything else only reads it.
 */
export interface SessionState {
  user?: CurrentUser;
  roles: string[];
  permissions: string[];
  setIdentity: (info: Pick<PermissionInfo, 'user' | 'roles' | 'permissions'>) => void;
  /** The signed-in person changed their own picture or name: shown everywhere at once. */
  updateUser: (change: Partial<Pick<CurrentUser, 'avatar' | 'nickname'>>) => void;
  clear: () => void;
}

export const useSession = create<SessionState>()((set) => ({
  roles: [],
  permissions: [],
  setIdentity: ({ user, roles, permissions }) =>
    set({
      user: { ...user, avatar: user.avatar || DEFAULT_AVATAR },
      // A user without roles holds ROLE_DEFAULT.
      roles: roles.length ? roles : [DEFAULT_ROLE],
      permissions,
    }),
  updateUser: (change) => set(({ user }) => (user ? { user: { ...user, ...change } } : {})),
  clear: () => set({ user: undefined, roles: [], permissions: [] }),
}));
