import type { Page, PageQuery } from '@lightdesk/contract';
import { queryOptions } from '@tanstack/react-query';
import { act, fireEvent, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { col } from './list-columns';
import { ListPage } from './list-page';
import { renderWithProviders } from './test-utils';
import { resourceCache } from '../lib/resource-cache';

interface Row {
  id: number;
  name: string;
}
const rows: Page<Row> = { list: [{ id: 1, name: 'Northwind Central' }], total: 1 };
const cache = resourceCache('test', 'wide');
const query = (q: PageQuery) => queryOptions({ queryKey: cache.key('page', q), queryFn: () => Promise.resolve(rows) });

/** The table's scrolling box, given the widths a browser would lay out (the test DOM lays out nothing). */
async function tableBox({ client, scroll }: { client: number; scroll: number }) {
  renderWithProviders(<ListPage query={query} cache={cache} columns={[col<Row>('name', 'Name')]} />);
  await screen.findByText('Northwind Central');
  const box = document.querySelector<HTMLElement>('.ld-table-scroller')!;
  Object.defineProperty(box, 'clientWidth', { configurable: true, value: client });
  Object.defineProperty(box, 'scrollWidth', { configurable: true, value: scroll });
  act(() => void window.dispatchEvent(new Event('resize')));
  return box;
}

const rect = (left: number, width: number) => ({ left, right: left + width, width, top: 0, bottom: 12, height: 12, x: left, y: 0, toJSON: () => ({}) });

test('a list wider than its box shows its own horizontal scrollbar, sized to the visible share, and hides the browser’s', async () => {
  const box = await tableBox({ client: 900, scroll: 1500 });
  const thumb = screen.getByTestId('table-scrollbar-thumb');
  expect(thumb.style.width).toBe('60%');
  expect(thumb.style.left).toBe('0%');
  // Overlay scrollbars come and go; the browser's own bar would only be a second one.
  expect(box.style.scrollbarWidth).toBe('none');

  // Scrolling the table by wheel, touchpad or keyboard moves the thumb along.
  box.scrollLeft = 600;
  act(() => void fireEvent.scroll(box));
  expect(thumb.style.left).toBe('40%');
});

test('a list that fits its box shows no scrollbar', async () => {
  await tableBox({ client: 1200, scroll: 1200 });
  expect(screen.queryByTestId('table-scrollbar')).toBeNull();
});

test('dragging the thumb scrolls the table by the same share of its width; a click beside it moves one box width', async () => {
  const box = await tableBox({ client: 900, scroll: 1500 });
  const track = screen.getByTestId('table-scrollbar');
  const thumb = screen.getByTestId('table-scrollbar-thumb');
  track.getBoundingClientRect = () => rect(0, 600);
  thumb.getBoundingClientRect = () => rect(0, 360);

  fireEvent.pointerDown(thumb, { clientX: 100 });
  fireEvent.pointerMove(window, { clientX: 160 });
  fireEvent.pointerUp(window, { clientX: 160 });
  // 60 px of a 600 px track is a tenth of the 1500 px table.
  expect(box.scrollLeft).toBe(150);
  fireEvent.pointerMove(window, { clientX: 400 });
  expect(box.scrollLeft).toBe(150);

  box.scrollLeft = 0;
  fireEvent.pointerDown(track, { clientX: 500 });
  expect(box.scrollLeft).toBe(900);
});
