import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider from 'antd/es/config-provider';
import { act, render } from '@testing-library/react';
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Language } from '../lib/i18n/languages';
import { setNotifier } from '../lib/notify';
import { useSession } from '../lib/session';

const componentStrings = import.meta.glob<Resource[string][string]>('../locales/*/components.json', { eager: true, import: 'default' });

/** A private i18next instance with a language's components namespace (and any `common` keys a test needs). */
export function testI18n(common: Resource[string] = {}, language: Language = 'en-US'): I18n {
  const components = componentStrings[`../locales/${language}/components.json`]!;
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    resources: { [language]: { components, common } },
    ns: ['components', 'common'],
    defaultNS: 'components',
    // Resources are in memory: initialise synchronously so the first render is translated.
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}

/**
 * Renders a screen as the console does: translated, with a query cache, on a route. `route` is
 * the address it opens at (`/list?page=2`); `router.state.location` is where it went since.
 */
export function renderWithProviders(ui: ReactElement, { i18n = testI18n(), route = '/' }: { i18n?: I18n; route?: string } = {}) {
  // No retries: a failing query should fail the test at once.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [route] });
  // antd without its run-time styles: nothing here reads them (no style sheet applies in these
  // tests), and computing them took two thirds of a list screen's test time.
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider theme={{ zeroRuntime: true }}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </ConfigProvider>
    </I18nextProvider>
  );
  return { ...render(<RouterProvider router={router} />, { wrapper }), queryClient, i18n, router };
}

/** Sets the window width the breakpoint hooks read and tells them it changed. */
export function setWindowWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

/** A signed-in person holding these permissions (all by default), with notices kept quiet. */
export function signedInWith(permissions: string[] = ['*:*:*']) {
  setNotifier({ error: () => undefined, success: () => undefined });
  act(() => useSession.getState().setIdentity({ user: { id: 1, avatar: '', userName: 'admin', nickname: 'Admin' }, roles: ['admin'], permissions }));
}
