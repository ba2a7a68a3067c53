import { Suspense, createElement, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '../lib/error-boundary';
import { loadTexts } from '../lib/i18n';
import { lazyScreen } from '../lib/lazy';
import { menuTitle, ScreenPathContext, type ScreenProps } from '../lib/navigation';
import { LoadFailure } from './load-failure';
import { PageSpinner } from './page-spinner';
import type { AppRoute } from '../lib/route-table';
import { loadScreen, SCREENS } from './screen-registry';

// Shown only for menu entries this build has no screen for.
const NotBuiltPage = lazyScreen<{ name: string }>(() => import('../components/not-built-page').then((m) => ({ default: m.NotBuiltPage })));

/** One lazy component per registry key, made once: nothing loads until it renders. */
const LAZY_SCREENS: ReadonlyMap<string, LazyExoticComponent<ComponentType<ScreenProps>>> = new Map(
  Object.entries(SCREENS).map(([component, entry]) => [component, lazyScreen(() => loadScreen(entry, loadTexts))]),
);

/** Embedded pages are the window's height less the navbar, the tags and the frame's bar (126.5 px). */
export const frameHeight = (windowHeight: number) => windowHeight - 126.5;

/**
 * A menu entry's external page, framed (the server's policy lets the console frame exactly the
 * sites its menus name). A site may still refuse to be framed, which a page cannot detect: the
 * bar above says so and always offers the page in a tab of its own.
 */
function EmbeddedFrame({ src, title }: { src: string; title: string }) {
  const { t } = useTranslation('layout');
  const [height, setHeight] = useState(() => frameHeight(window.innerHeight));
  useEffect(() => {
    const onResize = () => setHeight(frameHeight(window.innerHeight));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return (
    <>
      <div className="embedded-bar">
        <span>{t('embedded.note')}</span>
        <a href={src} target="_blank" rel="noopener noreferrer">
          {t('embedded.open')}
        </a>
      </div>
      <iframe src={src} title={title} className="embedded-frame" style={{ height }} sandbox="allow-scripts allow-same-origin allow-forms allow-popups" />
    </>
  );
}

/** One generated route's screen, with its own loading state and failure boundary. */
export function Screen({ route }: { route: AppRoute }) {
  const { t } = useTranslation('menu');
  const title = menuTitle(t, route);
  if (route.frameSrc) return <EmbeddedFrame src={route.frameSrc} title={title} />;
  const screen = LAZY_SCREENS.get(route.component);
  return (
    <ErrorBoundary fallback={(error, retry) => <LoadFailure error={error} onRetry={retry} />}>
      <Suspense fallback={<PageSpinner />}>
        {screen ? (
          <ScreenPathContext value={route.path}>
            {/* The registry's components are module constants, made once above, not per render. */}
            {createElement(screen, { path: route.path, name: title, component: route.component })}
          </ScreenPathContext>
        ) : (
          <NotBuiltPage name={title} />
        )}
      </Suspense>
    </ErrorBoundary>
  );
}
