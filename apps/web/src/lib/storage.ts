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
export const session = wrap(safe(() => window.sessionStorage));
