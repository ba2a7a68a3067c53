import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import type { AppRoute, RouteTable } from '../lib/route-table';
import { PageHost } from './page-host';
import { LayoutServicesContext, type LayoutServices } from './services';
import { useTags } from './tags-store';

const route = (path: string, affix = false): AppRoute => ({
  path,
  name: path,
  componentName: path,
  component: path,
  keepAlive: true,
  visible: true,
  affix,
  trail: [],
});
const HOME = route('/home', true);
const USERS = route('/system/user');
const TABLE: RouteTable = { routes: [HOME, USERS], byPath: new Map([HOME, USERS].map((r) => [r.path, r])), menu: [], home: HOME.path };

const rendered: string[] = [];
const services = {
  renderScreen: (r: AppRoute) => {
    rendered.push(r.path);
    return <p>screen {r.path}</p>;
  },
} as LayoutServices;

const host = (active: AppRoute) => (
  <LayoutServicesContext value={services}>
    <PageHost table={TABLE} active={active} />
  </LayoutServicesContext>
);

afterEach(() => {
  act(() => useTags.getState().clear());
  rendered.length = 0;
});

describe('PageHost', () => {
  test('the landing tag does not render its screen behind the first one; once opened, it is kept while hidden', () => {
    act(() => {
      useTags.getState().visit({ ...HOME, affix: true });
      useTags.getState().visit(USERS);
    });
    const { rerender } = render(host(USERS));
    expect(screen.getByText('screen /system/user')).toBeVisible();
    expect(rendered).not.toContain(HOME.path);

    rerender(host(HOME));
    rerender(host(USERS));
    expect(rendered).toContain(HOME.path);
    expect(screen.getByText('screen /home')).toBeInTheDocument();
  });
});
