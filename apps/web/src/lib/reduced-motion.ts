import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void) {
  const media = window.matchMedia?.(QUERY);
  media?.addEventListener('change', onChange);
  return () => media?.removeEventListener('change', onChange);
}

const prefersReducedMotion = () => window.matchMedia?.(QUERY).matches ?? false;

/**
 * Whether the person asked their system for less motion. The console then opens dialogs,
 * menus and notices without animating them, and shows still pictures instead of videos;
 * it follows a change of the setting without a reload.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
