import type { TableProps, TableRef } from 'antd/es/table';
import { useEffect, useRef, useState, type CSSProperties, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';

const SCROLLER = 'ld-table-scroller';

/**
 * For the antd Table whose scrolling `TableScrollbar` draws: names its scrolling box and hides
 * the browser's own bar there, so there are never two bars.
 */
export const tableScrollerProps = {
  classNames: { content: SCROLLER },
  styles: { content: { scrollbarWidth: 'none' } },
} satisfies Pick<TableProps, 'classNames' | 'styles'>;

interface Extent {
  /** The visible width, the whole width and how far it is scrolled, in pixels. */
  client: number;
  scroll: number;
  left: number;
}

const track: CSSProperties = {
  // Stays at the bottom of the screen while a long table's rows scroll past.
  position: 'sticky',
  bottom: 0,
  zIndex: 3,
  height: 12,
  marginTop: 4,
  borderRadius: 6,
  background: '#f0f0f0',
  cursor: 'pointer',
};
// #808080 on the track's grey keeps the 3:1 contrast a control needs.
const thumb: CSSProperties = { position: 'absolute', top: 2, bottom: 2, borderRadius: 4, background: '#808080', cursor: 'grab', touchAction: 'none' };

/**
 * The horizontal scrollbar of a table wider than its box, drawn by the page. Browsers with
 * overlay scrollbars (macOS, touch screens, headless Chromium) show theirs only while
 * scrolling, so a wide list looked complete while its last columns sat under the pinned
 * Actions column. This bar is there whenever the table overflows: it follows the table's own
 * scrolling (wheel, touchpad, keyboard) and scrolls it when dragged or clicked.
 * `watch` is what changes the table's width (its rows).
 */
export function TableScrollbar({ table, watch }: { table: RefObject<TableRef | null>; watch?: unknown }) {
  const [extent, setExtent] = useState<Extent>({ client: 0, scroll: 0, left: 0 });
  const scrollerRef = useRef<HTMLElement | null>(null);
  const trackRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const scroller = table.current?.nativeElement?.querySelector<HTMLElement>(`.${SCROLLER}`) ?? null;
    scrollerRef.current = scroller;
    if (!scroller) return;
    const measure = () =>
      setExtent((before) => {
        const now = { client: scroller.clientWidth, scroll: scroller.scrollWidth, left: scroller.scrollLeft };
        return now.client === before.client && now.scroll === before.scroll && now.left === before.left ? before : now;
      });
    measure();
    scroller.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    resized?.observe(scroller);
    if (scroller.firstElementChild) resized?.observe(scroller.firstElementChild);
    return () => {
      scroller.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
      resized?.disconnect();
    };
  }, [table, watch]);

  if (extent.scroll <= extent.client) return null;

  /** A click beside the thumb moves one box width that way, as a browser's own bar does. */
  const page = (event: ReactPointerEvent<HTMLDivElement>) => {
    const thumbBox = event.currentTarget.firstElementChild?.getBoundingClientRect();
    if (!thumbBox || !scrollerRef.current) return;
    if (event.clientX < thumbBox.left) scrollerRef.current.scrollLeft -= extent.client;
    else if (event.clientX > thumbBox.right) scrollerRef.current.scrollLeft += extent.client;
  };

  /** Dragging the thumb scrolls the table by the same share of its width. */
  const drag = (event: ReactPointerEvent<HTMLDivElement>) => {
    event.stopPropagation();
    const scroller = scrollerRef.current;
    const trackWidth = trackRef.current?.getBoundingClientRect().width ?? 0;
    if (!scroller || trackWidth <= 0) return;
    const startX = event.clientX;
    const startLeft = scroller.scrollLeft;
    const move = (e: PointerEvent) => {
      scroller.scrollLeft = startLeft + ((e.clientX - startX) * scroller.scrollWidth) / trackWidth;
    };
    const stop = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', stop);
      window.removeEventListener('pointercancel', stop);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', stop);
    window.addEventListener('pointercancel', stop);
  };

  // Hidden from assistive technology: the table's own box scrolls by keyboard, and this bar repeats it for the eye and the mouse.
  return (
    <div ref={trackRef} style={track} onPointerDown={page} aria-hidden="true" data-testid="table-scrollbar">
      <div
        style={{ ...thumb, width: `${(extent.client / extent.scroll) * 100}%`, left: `${(extent.left / extent.scroll) * 100}%` }}
        onPointerDown={drag}
        data-testid="table-scrollbar-thumb"
      />
    </div>
  );
}
