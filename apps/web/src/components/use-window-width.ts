import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};
const read = () => window.innerWidth;

/** The window's inner width, re-rendering on resize (the layout breakpoints depend on it). */
export const useWindowWidth = () => useSyncExternalStore(subscribe, read, read);

/** Below this width the console is in its mobile layout. */
export const MOBILE_BREAKPOINT = 992;

/** Below this width (antd's `sm`) the screen is a phone's: lists fold their row actions. */
export const PHONE_BREAKPOINT = 576;
