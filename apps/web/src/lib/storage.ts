/**
 * Everything the console keeps in the browser, under one prefix
 * so a sign-out or a settings reset can find it all. Values are JSON; a corrupt value reads
 * as absent rather than breaking start-up.
 */
const PREFIX = 'lightdesk.';

export type StorageKey = 'token' | 'remember' | 'savedUsername' | 'brand' | 'language' | 'sidebarOpened' | 'size' | 'layoutSettings' | 'screenVisits';

export interface Store {
  get<T>(key: StorageKey): T | undefined;
  set<T>(key: StorageKey, value: T): void;
  remove(key: StorageKey): void;
}

function wrap(area: () => Storage | undefined): Store {
  return {
    get<T>(key: StorageKey): T | undefined {
      const raw = area()?.getItem(PREFIX + key);
      if (raw == null) return undefined;
      try {
        return JSON.parse(raw) as T;
      } catch {
        return undefined;
      }
    },
    set<T>(key: StorageKey, value: T) {
      area()?.setItem(PREFIX + key, JSON.stringify(value));
    },
    remove(key: StorageKey) {
      area()?.removeItem(PREFIX + key);
    },
  };
}

// Private browsing modes can throw on access; the console then runs without persistence.
const safe = (pick: () => Storage) => () => {
  try {
    return pick();
  } catch {
    return undefined;
  }
};

export const local = wrap(safe(() => window.localStorage));

/**
 * Cookies without an expiry: every tab of the browser shares them and they are gone when it
 * closes — how long a sign-in without "Remember me" should last. Only the console's own scripts
 * use them: the server reads a session from the Authorization header, never from a cookie.
 */
export const browserSession: Store = {
  get<T>(key: StorageKey): T | undefined {
    const name = `${PREFIX}${key}=`;
    const entry = document.cookie.split('; ').find((c) => c.startsWith(name));
    if (!entry) return undefined;
    try {
      return JSON.parse(decodeURIComponent(entry.slice(name.length))) as T;
    } catch {
      return undefined;
    }
  },
  set<T>(key: StorageKey, value: T) {
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${PREFIX}${key}=${encodeURIComponent(JSON.stringify(value))}; Path=/; SameSite=Strict${secure}`;
  },
  remove(key: StorageKey) {
    document.cookie = `${PREFIX}${key}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Strict`;
  },
};
