import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { CancellationDialog } from '../features/auth/cancellation-dialog';
import { ChangePasswordDialog } from '../features/auth/change-password-dialog';
import type { LayoutServices } from '../layout/services';
import { queryClient } from './query-client';
import { Screen } from './screens';
import { forgetSession, signOut } from './session';

/** The app's side of the layout: screens from the registry, session actions, account dialogs. */
export const layoutServices: LayoutServices = {
  renderScreen: (route) => <Screen route={route} />,
  signOut,
  forgetSession,
  ChangePasswordDialog,
  CancellationDialog,
};

/** Providers the console's screens need (their queries), loaded with the layout, not at sign-in. */
export function ConsoleProviders({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
