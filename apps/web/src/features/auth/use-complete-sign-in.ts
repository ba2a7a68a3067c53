import type { LoginResult } from '@lightdesk/contract';
import { useNavigate, useSearchParams } from 'react-router';
import { saveAuth } from '../../lib/auth-token';
import { safeRedirect } from '../../lib/redirect';

/** Keeps the new session (token and username) and goes where the person was heading. */
export function useCompleteSignIn() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (result: LoginResult, remember: boolean, username?: string) => {
    saveAuth(result, { remember, ...(username ? { username } : {}) });
    void navigate(safeRedirect(params.get('redirect')), { replace: true });
  };
}
