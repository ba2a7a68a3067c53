import Button from 'antd/es/button';
import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router';

interface RouteLinkProps {
  to: To;
  children: ReactNode;
  'data-testid'?: string;
}

/**
 * What makes a control a link to a screen of the console: its address (opens in a new tab too)
 * and the click that moves there without reloading.
 */
function useRouteLink(to: To) {
  return { href: useHref(to), onClick: useLinkClickHandler<HTMLElement>(to) };
}

/** A link to a screen of the console in the console's own look (antd's link: its colour, no underline). */
export function RouteLink({ to, children, ...rest }: RouteLinkProps) {
  return (
    <Typography.Link {...useRouteLink(to)} {...rest}>
      {children}
    </Typography.Link>
  );
}

/** A link to a screen drawn as an antd button (the home screen's shortcuts). */
export function RouteButton({ to, children, ...rest }: RouteLinkProps) {
  return (
    <Button {...useRouteLink(to)} {...rest}>
      {children}
    </Button>
  );
}
