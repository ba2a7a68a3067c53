import { act } from '@testing-library/react';
import { setNotifier } from '../../../lib/notify';
import { useSession } from '../../../lib/session';

/** Signs a staff member in with these grants, and keeps toasts quiet (tests read the screen, not toasts). */
export function signInWith(permissions: string[] = ['*:*:*']) {
  setNotifier({ error: () => undefined, success: () => undefined });
  act(() => useSession.getState().setIdentity({ user: { id: 1, avatar: '', userName: 'admin', nickname: 'Admin' }, roles: ['admin'], permissions }));
}
