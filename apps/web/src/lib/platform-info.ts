import { platformSettingApi, type PlatformInfo } from '@lightdesk/contract';
import { call } from './http';

/** A server slower than this should not keep the sign-in screen blank: the built-in brand then applies. */
const WAIT_MS = 3000;

/**
 * The platform's name and default brand from its settings, read once at start (the call is
 * public, so the sign-in screen has them); undefined when the server does not answer in time.
 */
export function fetchPlatformInfo(): Promise<PlatformInfo | undefined> {
  const late = new Promise<undefined>((resolve) => setTimeout(resolve, WAIT_MS, undefined));
  return Promise.race([call(platformSettingApi.info).catch(() => undefined), late]);
}
