import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../lib/session';
import { useLayoutServices } from './services';

export type AccountDialog = 'avatar' | 'password' | 'cancel' | 'social';

export interface AccountDialogs {
  open: (dialog: AccountDialog) => void;
  /** Leaves the console for the sign-in screen, then ends the session with `end`. */
  leave: (end: () => void | Promise<void>) => Promise<void>;
  /** The open dialog, to render where the opener is. */
  dialogs: ReactNode;
}

/** The signed-in person's account dialogs, opened from the user menu and the profile page alike. */
export function useAccountDialogs(): AccountDialogs {
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const [dialog, setDialog] = useState<AccountDialog>();
  const { forgetSession, AvatarDialog, ChangePasswordDialog, CancellationDialog, SocialLinksDialog } = useLayoutServices();
  const close = () => setDialog(undefined);

  // Leave the console first, so no console page renders without a session in between.
  const leave = async (end: () => void | Promise<void>) => {
    close();
    await navigate('/login', { replace: true });
    await end();
  };
  // After a password change or a cancellation the server has ended the session; sign in again.
  const toSignIn = () => void leave(forgetSession);

  const dialogs = (
    <>
      {dialog === 'avatar' && <AvatarDialog open onClose={close} />}
      {dialog === 'password' && <ChangePasswordDialog open username={user?.userName} onClose={close} onChanged={toSignIn} />}
      {dialog === 'social' && <SocialLinksDialog open onClose={close} />}
      {dialog === 'cancel' && <CancellationDialog open username={user?.userName ?? ''} onClose={close} onCancelled={toSignIn} />}
    </>
  );
  return { open: setDialog, leave, dialogs };
}
