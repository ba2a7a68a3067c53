import type { AuthOptions } from '@lightdesk/contract';
import { useEffect, useState } from 'react';
import { fetchAuthOptions } from './api';

// Until the server says otherwise, assume the stricter screen: a captcha, and no SMS tab, which
// is offered only by a server that sends SMS.
const ASSUMED: AuthOptions = { captchaEnabled: true, smsEnabled: false, socialProviders: [] };

let cached: Promise<AuthOptions> | undefined;

/** What the sign-in screens offer; fetched once per page load. */
export function useAuthOptions(): { options: AuthOptions; ready: boolean } {
  const [options, setOptions] = useState<AuthOptions>();
  useEffect(() => {
    let live = true;
    cached ??= fetchAuthOptions().catch((error: unknown) => {
      cached = undefined;
      throw error;
    });
    cached.then(
      (o) => live && setOptions(o),
      () => live && setOptions(ASSUMED),
    );
    return () => {
      live = false;
    };
  }, []);
  return { options: options ?? ASSUMED, ready: !!options };
}

/** Whether the server offers any OpenID provider (the account menu then offers linking one). */
export function useSocialSignInOffered(): boolean {
  return useAuthOptions().options.socialProviders.length > 0;
}
