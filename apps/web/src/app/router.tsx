import { createHashRouter, useRouteError } from 'react-router';
import { LoginPage, Login2Page } from '../features/auth/login-page';
import { setSessionEndHandler, sessionEndedText } from '../lib/http/feedback';
import { withTimeout } from '../lib/lazy';
import { notify } from '../lib/notify';
import { isPublicPath, loginPath } from './guard';
import { LoadFailure } from './load-failure';
import { NotFoundPage } from './not-found-page';
import { PageSpinner } from './page-spinner';
import { forgetSession } from './session';

function RouteError() {
  return <LoadFailure error={useRouteError()} />;
}

/** Hash routing. The sign-in screens are in the first chunk; everything else is lazy. */
export const router = createHashRouter([
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/login2', element: <Login2Page /> },
      { path: '/404', element: <NotFoundPage /> },
      { path: '*', lazy: withTimeout(() => import('./shell-route')) },
    ],
  },
]);

/**
 * An envelope 401 (lib/http) ends the session once: forget it and send the person to sign in,
 * carrying the page they were on — unless they are on a public page already.
 */
setSessionEndHandler(() => {
  forgetSession();
  const { pathname, search } = router.state.location;
  if (isPublicPath(pathname)) return;
  notify.error(sessionEndedText());
  void router.navigate(loginPath(pathname + search), { replace: true });
});
