import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { getToken } from '../../lib/auth-token';
import { notify } from '../../lib/notify';
import { loginPath, safeRedirect } from '../../lib/redirect';
import { finishSocialLink, socialLogin } from './api';
import { useCompleteSignIn } from './use-complete-sign-in';

/**
 * A round trip to an OpenID provider ends on the sign-in screen: with a ticket to trade for the
 * session, with a ticket that finishes linking the signed-in person's account, or marked failed.
 * Answers true while a ticket is being traded, so the screen shows that instead of the forms.
 */
export function useSocialReturn(): boolean {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const complete = useCompleteSignIn();
  const ticket = params.get('ticket');
  const linkTicket = params.get('linkTicket');
  const failed = params.get('social') === 'failed';
  const redirect = params.get('redirect');
  const remember = params.get('remember') === '1';
  // A ticket is single use: trade it once, even when React runs the effect twice.
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current || !(ticket || linkTicket || failed)) return;
    handled.current = true;
    // The ticket leaves the address, so neither reload nor back offers a spent one.
    const stay = () => void navigate(redirect ? loginPath(redirect) : '/login', { replace: true });
    const onward = () => void navigate(safeRedirect(redirect), { replace: true });
    if (ticket) {
      // A refusal (not linked, disabled) has been shown by the client; the forms come back.
      socialLogin({ ticket }).then((result) => complete(result, remember), stay);
    } else if (linkTicket) {
      finishSocialLink({ ticket: linkTicket }).then((link) => {
        notify.success(t('social.linked', { provider: link.name }));
        onward();
      }, onward);
    } else {
      notify.error(t('error.auth.social-failed'));
      if (getToken()) onward();
      else stay();
    }
  }, [ticket, linkTicket, failed, redirect, remember, navigate, complete, t]);

  return !!(ticket || linkTicket);
}
