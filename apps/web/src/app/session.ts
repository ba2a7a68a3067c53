import { authApi } from '@lightdesk/contract';
import { create } from 'zustand';
import { useDictStore } from '../components/dict-store';
import { loadDicts } from '../components/load-dicts';
import { clearAuth, getToken } from '../lib/auth-token';
import { call } from '../lib/http';
import { i18n } from '../lib/i18n';
import { useScreens } from '../lib/navigation';
import { useSession } from '../lib/session';
import { useTags } from '../layout/tags-store';
import { buildRouteTable, type RouteTable } from '../lib/route-table';
import { publicHostOf } from '../features/public/pages';

interface ShellState {
  /** The screens generated from the server's menu; absent until the session has loaded. */
  table?: RouteTable;
  /** The session the screens were loaded for: a sign-in as somebody else loads them again. */
  token?: string;
}

export const useShell = create<ShellState>()(() => ({}));

export const hasToken = () => !!getToken();
export const sessionLoaded = () => {
  const { table, token } = useShell.getState();
  return !!table && token === getToken();
};

/** Forgets what the previous person opened and read in this tab: their tabs and every cached answer. */
function forgetWhatWasShown(): void {
  useTags.getState().clear();
  // The query cache is only loaded with the layout; clear it when it is there.
  void import('./query-client').then(({ queryClient }) => queryClient.clear());
}

/**
 * Which screens this build has decides the landing screen. The registry loads with the layout,
 * which comes next anyway; if it fails to load, the layout shows the failure, and the landing is
 * the first visible screen meanwhile.
 */
const screenRegistry = () =>
  import('./screen-registry').then(
    (m) => m.canShow,
    () => undefined,
  );

/**
 * The texts every console screen shows: the menu, the layout, the shared components and the
 * dictionaries' labels. Fetched beside the session rather than one after another as screens ask.
 */
const CONSOLE_NAMESPACES = ['dict', 'menu', 'layout', 'components'];

/** Dictionaries and user info side by side, then the routes built from the menu. */
async function load(): Promise<void> {
  const token = getToken();
  // Signed in again from the sign-in page, without signing out first.
  if (useShell.getState().table) forgetWhatWasShown();
  const canShow = screenRegistry();
  // Started, not awaited: a screen waits for its texts itself (useTranslation suspends), and the
  // screen to open is known, and starts loading, once the menu is here.
  void i18n.loadNamespaces(CONSOLE_NAMESPACES);
  const [info] = await Promise.all([call(authApi.permissionInfo), loadDicts()]);
  useSession.getState().setIdentity(info);
  const table = buildRouteTable(info.menus, await canShow, publicHostOf);
  useScreens.setState({ screens: table.routes.map(({ path, name, componentName, visible }) => ({ path, name, componentName, visible })) });
  useShell.setState({ table, token });
}

let loading: Promise<void> | undefined;
/** Loads the signed-in session once, however many navigations ask for it meanwhile. */
export function ensureSession(): Promise<void> {
  if (sessionLoaded()) return Promise.resolve();
  loading ??= load().finally(() => {
    loading = undefined;
  });
  return loading;
}

/** Forgets everything of the session in this browser tab: roles, permissions, tokens. */
export function forgetSession(): void {
  clearAuth();
  useSession.getState().clear();
  useDictStore.getState().setAll([]);
  useShell.setState({ table: undefined, token: undefined });
  useScreens.setState({ screens: [] });
  forgetWhatWasShown();
}

/**
 * Logout forgets the session in this tab at once, then tells the server to retire the token.
 * Forgetting first means a sign-in that follows before the server answers starts clean,
 * never on the previous person's menus; a failed call changes nothing for the browser.
 */
export async function signOut(): Promise<void> {
  const token = getToken();
  forgetSession();
  if (!token) return;
  try {
    await call(authApi.logout, undefined, { headers: { Authorization: `Bearer ${token}` } });
  } catch {
    // The server may be unreachable or the session already over: the browser has forgotten it anyway.
  }
}
