import type { Captcha } from '@lightdesk/contract';
import { useCallback, useEffect, useState } from 'react';
import { fetchCaptcha } from './api';

export interface CaptchaState {
  challenge?: Captcha;
  refresh: () => void;
  /** The `captchaVerification` value of a sign-in call, or undefined when captcha is off. */
  verification: (answer: string | undefined) => string | undefined;
}

/** A captcha is single use: callers refresh it after every attempt, right or wrong. */
export function useCaptcha(enabled: boolean): CaptchaState {
  const [challenge, setChallenge] = useState<Captcha>();
  const refresh = useCallback(() => {
    if (!enabled) return;
    fetchCaptcha().then(setChallenge, () => setChallenge(undefined));
  }, [enabled]);
  useEffect(refresh, [refresh]);
  const verification = useCallback(
    (answer: string | undefined) => (enabled && challenge ? `${challenge.captchaId}:${(answer ?? '').trim()}` : undefined),
    [enabled, challenge],
  );
  return { ...(challenge ? { challenge } : {}), refresh, verification };
}
