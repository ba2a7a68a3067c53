import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { AppRoute } from '../lib/route-table';

export interface ChangePasswordDialogProps {
  open: boolean;
  username?: string;
  onClose: () => void;
  onChanged: () => void;
}

export interface SocialLinksDialogProps {
  open: boolean;
  onClose: () => void;
}

export interface AvatarDialogProps {
  open: boolean;
  onClose: () => void;
}

export interface CancellationDialogProps {
  open: boolean;
  username?: string;
  onClose: () => void;
  onCancelled: () => void;
}

/**
 * What the layout needs from the app above it. The layout imports no app or feature code
 * (one-way imports), so the app hands these in: the screens, the session actions, the dialogs.
 */
export interface LayoutServices {
  renderScreen: (route: AppRoute) => ReactNode;
  /** Ends the session on the server and forgets it here, even when the call fails. */
  signOut: () => Promise<void>;
  /** Forgets the session here only (the server has already ended it). */
  forgetSession: () => void;
  ChangePasswordDialog: ComponentType<ChangePasswordDialogProps>;
  AvatarDialog: ComponentType<AvatarDialogProps>;
  CancellationDialog: ComponentType<CancellationDialogProps>;
  /** Linking the account to OpenID providers; offered only when the server has some. */
  SocialLinksDialog: ComponentType<SocialLinksDialogProps>;
  useSocialSignInOffered: () => boolean;
}

export const LayoutServicesContext = createContext<LayoutServices | null>(null);

export function useLayoutServices(): LayoutServices {
  const services = useContext(LayoutServicesContext);
  if (!services) throw new Error('The main layout needs LayoutServices from the app');
  return services;
}
