import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { AvatarDialogProps, CancellationDialogProps, ChangePasswordDialogProps, LayoutServices, SocialLinksDialogProps } from '../layout/services';
import { lazyPart } from '../lib/lazy';
import { useSocialSignInOffered } from '../features/auth/use-auth-options';
import { queryClient } from './query-client';
import { Screen } from './screens';
import { forgetSession, signOut } from './session';

// Opened from the user menu now and then: their code (forms, captcha) loads on opening.
const ChangePasswordDialog = lazyPart<ChangePasswordDialogProps>(() =>
  import('../features/auth/change-password-dialog').then((m) => ({ default: m.ChangePasswordDialog })),
);
const CancellationDialog = lazyPart<CancellationDialogProps>(() =>
  import('../features/auth/cancellation-dialog').then((m) => ({ default: m.CancellationDialog })),
);
const AvatarDialog = lazyPart<AvatarDialogProps>(() => import('../features/auth/avatar-dialog').then((m) => ({ default: m.AvatarDialog })));
const SocialLinksDialog = lazyPart<SocialLinksDialogProps>(() =>
  import('../features/auth/social-links-dialog').then((m) => ({ default: m.SocialLinksDialog })),
);

/** The app's side of the layout: screens from the registry, session actions, account dialogs. */
export const layoutServices: LayoutServices = {
  renderScreen: (route) => <Screen route={route} />,
  signOut,
  forgetSession,
  ChangePasswordDialog,
  AvatarDialog,
  CancellationDialog,
  SocialLinksDialog,
  useSocialSignInOffered,
};

/** Providers the console's screens need (their queries), loaded with the layout, not at sign-in. */
export function ConsoleProviders({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
