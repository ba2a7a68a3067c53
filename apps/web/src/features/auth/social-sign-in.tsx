import type { SocialProvider } from '@lightdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { safeRedirect } from '../../lib/redirect';
import { startSocialSignIn } from './api';
import { leaveFor } from './leave';

/**
 * A button per OpenID provider the server offers, and nothing when it offers none. The
 * browser goes to the provider and comes back to this screen with a ticket (use-social-return).
 */
export function SocialSignIn({ providers, remember }: { providers: SocialProvider[]; remember: boolean }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState<string>();
  if (!providers.length) return null;

  const go = async (provider: string) => {
    setBusy(provider);
    const redirect = safeRedirect(params.get('redirect'), '');
    try {
      const { url } = await startSocialSignIn({ provider, rememberMe: remember, ...(redirect ? { redirect } : {}) });
      leaveFor(url);
    } catch {
      // The client has shown why (e.g. the provider cannot be reached).
      setBusy(undefined);
    }
  };

  return (
    <div className="social-sign-in">
      <p className="social-divider">
        <span>{t('social.or')}</span>
      </p>
      {providers.map((p) => (
        <button
          key={p.id}
          type="button"
          className="secondary-button social-button"
          disabled={busy !== undefined}
          aria-busy={busy === p.id}
          onClick={() => void go(p.id)}
          data-testid={`social-${p.id}`}
        >
          {busy === p.id && <span className="button-spinner" aria-hidden />}
          {t('social.signInWith', { provider: p.name })}
        </button>
      ))}
    </div>
  );
}
