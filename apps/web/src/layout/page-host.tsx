import { Activity, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { AppRoute, RouteTable } from '../lib/route-table';
import { useLayoutServices } from './services';
import { useSettings } from './settings';
import { useTags } from './tags-store';

/**
 * Remembers where each page was scrolled to in the layout's scroll container and restores it
 * when a kept-alive page is shown again. Returns the ref for that container.
 */
export function useScrollMemory(active: AppRoute | undefined) {
  const scroller = useRef<HTMLDivElement>(null);
  const memory = useRef({ tops: new Map<string, number>(), shown: undefined as string | undefined });
  const tags = useTags((s) => s.tags);

  useLayoutEffect(() => {
    const el = scroller.current;
    const { tops, shown } = memory.current;
    if (!el) return;
    if (shown && shown !== active?.path) tops.set(shown, el.scrollTop);
    memory.current.shown = active?.path;
    el.scrollTop = (active?.keepAlive && tops.get(active.path)) || 0;
  }, [active]);

  // Closed tags forget their scroll position with their state.
  useEffect(() => {
    const { tops } = memory.current;
    for (const path of tops.keys()) if (!tags.some((t) => t.path === path)) tops.delete(path);
  }, [tags]);

  return scroller;
}

/**
 * The open page and the kept-alive ones. keepAlive pages stay mounted but hidden
 * with React's <Activity>, so typed input and scroll survive a switch of tags; noCache pages
 * are rebuilt on every visit; closing a tag drops its page; "refresh" rebuilds it (new key).
 * A page is kept only once it has been open: the landing page's tag, there from the start, does
 * not load and render its screen behind the first one.
 */
export function PageHost({ table, active }: { table: RouteTable; active: AppRoute | undefined }) {
  const { renderScreen } = useLayoutServices();
  const tags = useTags((s) => s.tags);
  const versions = useTags((s) => s.versions);
  const tagsView = useSettings((s) => s.settings.tagsView);
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  if (active && !opened.has(active.path)) setOpened(new Set(opened).add(active.path));

  // Without the tags view there is no way back to a hidden page, so nothing is kept.
  const kept = tagsView ? tags.filter((t) => t.keepAlive && t.path !== active?.path && opened.has(t.path)).flatMap((t) => table.byPath.get(t.path) ?? []) : [];
  const pages = active ? [...kept, active] : kept;
  return (
    <>
      {pages.map((route) => (
        <Activity key={`${route.path}#${versions[route.path] ?? 0}`} mode={route === active ? 'visible' : 'hidden'}>
          <div className="page" data-path={route.path}>
            {renderScreen(route)}
          </div>
        </Activity>
      ))}
    </>
  );
}
