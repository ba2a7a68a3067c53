import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { DEFAULT_LIMIT, PAGE_SIZES, Pagination, pageAfterSizeChange, pagerItems } from './pagination';
import { smoothScrollTo } from './scroll-to';
import { renderWithProviders, setWindowWidth } from './test-utils';

// The animation itself is tested in scroll-to.test.ts; here only that it is asked for.
vi.mock('./scroll-to', () => ({ smoothScrollTo: vi.fn(() => Promise.resolve()) }));

/** A pagination wired to state, as a list screen uses it, recording every change. */
function Harness({
  total,
  initial = { page: 1, limit: DEFAULT_LIMIT },
  onChange = () => {},
  autoScroll,
}: {
  total: number;
  initial?: { page: number; limit: number };
  onChange?: (page: number, limit: number) => void;
  autoScroll?: boolean;
}) {
  const [state, setState] = useState(initial);
  return (
    <Pagination
      page={state.page}
      limit={state.limit}
      total={total}
      autoScroll={autoScroll}
      onChange={(page, limit) => {
        setState({ page, limit });
        onChange(page, limit);
      }}
    />
  );
}

const pagerNumbers = () => Array.from(screen.getByTestId('pagination-pager').querySelectorAll('[data-page]')).map((b) => Number(b.getAttribute('data-page')));
const pageButton = (page: number) => screen.getByTestId('pagination-pager').querySelector<HTMLElement>(`[data-page="${page}"]`)!;

async function chooseSize(size: number) {
  const sizes = screen.getByTestId('pagination-sizes');
  fireEvent.mouseDown(within(sizes).getByRole('combobox'));
  const option = await waitFor(() => {
    const found = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).find((o) => o.textContent === `${size} / page`);
    if (!found) throw new Error(`no option ${size}`);
    return found;
  });
  fireEvent.click(option);
}

beforeEach(() => {
  setWindowWidth(1280);
  vi.mocked(smoothScrollTo).mockClear();
});
afterEach(() => setWindowWidth(1024));

describe('Pagination', () => {
  test('offers the page sizes 5, 10, 20, 30 and 50, and 20 is the default', async () => {
    expect(PAGE_SIZES).toEqual([5, 10, 20, 30, 50]);
    expect(DEFAULT_LIMIT).toBe(20);
    renderWithProviders(<Harness total={200} />);
    expect(within(screen.getByTestId('pagination-sizes')).getByText('20 / page')).toBeInTheDocument();
    fireEvent.mouseDown(within(screen.getByTestId('pagination-sizes')).getByRole('combobox'));
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(5));
    expect(Array.from(document.querySelectorAll('.ant-select-item-option')).map((o) => o.textContent)).toEqual([
      '5 / page',
      '10 / page',
      '20 / page',
      '30 / page',
      '50 / page',
    ]);
  });

  test('lays out total, sizes, prev, pager, next, jumper in that order', () => {
    renderWithProviders(<Harness total={200} />);
    const parts = [
      screen.getByTestId('pagination-total'),
      screen.getByTestId('pagination-sizes'),
      screen.getByTestId('pagination-prev'),
      screen.getByTestId('pagination-pager'),
      screen.getByTestId('pagination-next'),
      screen.getByTestId('pagination-jumper'),
    ];
    parts.forEach((part) => expect(part).not.toBeNull());
    for (let i = 1; i < parts.length; i++) {
      // DOCUMENT_POSITION_FOLLOWING: each part comes after the one before it.
      expect(parts[i - 1]!.compareDocumentPosition(parts[i]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
    expect(screen.getByTestId('pagination-total')).toHaveTextContent('Total 200');
  });

  test('shows 7 page buttons at 992 px and wider, 5 below, following window resizes', () => {
    setWindowWidth(992);
    renderWithProviders(<Harness total={1000} initial={{ page: 25, limit: 20 }} />);
    expect(pagerNumbers()).toEqual([1, 23, 24, 25, 26, 27, 50]);
    setWindowWidth(991);
    return waitFor(() => expect(pagerNumbers()).toEqual([1, 24, 25, 26, 50]));
  });

  test('counts first and last among the 7 (or 5) buttons, as the original pager does', () => {
    expect(pagerItems(1, 50, 7)).toEqual([1, 2, 3, 4, 5, 6, 'next-more', 50]);
    expect(pagerItems(50, 50, 7)).toEqual([1, 'prev-more', 45, 46, 47, 48, 49, 50]);
    expect(pagerItems(25, 50, 7)).toEqual([1, 'prev-more', 23, 24, 25, 26, 27, 'next-more', 50]);
    expect(pagerItems(1, 50, 5)).toEqual([1, 2, 3, 4, 'next-more', 50]);
    expect(pagerItems(3, 7, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pagerItems(1, 1, 5)).toEqual([1]);
  });

  test('the "more" buttons jump by the pager count less two', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness total={1000} initial={{ page: 25, limit: 20 }} onChange={onChange} />);
    await userEvent.click(screen.getByTestId('pagination-next-more'));
    expect(onChange).toHaveBeenLastCalledWith(30, 20);
    await userEvent.click(screen.getByTestId('pagination-prev-more'));
    expect(onChange).toHaveBeenLastCalledWith(25, 20);
  });

  test('goes back to page 1 when page × new size exceeds the total', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness total={95} initial={{ page: 4, limit: 20 }} onChange={onChange} />);
    await chooseSize(30); // 4 × 30 = 120 > 95
    expect(onChange).toHaveBeenLastCalledWith(1, 30);
    expect(pageAfterSizeChange(4, 30, 95)).toBe(1);
  });

  test('keeps the page when page × new size stays within the total', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness total={95} initial={{ page: 3, limit: 20 }} onChange={onChange} />);
    await chooseSize(30); // 3 × 30 = 90 ≤ 95
    expect(onChange).toHaveBeenLastCalledWith(3, 30);
    expect(pageAfterSizeChange(2, 50, 100)).toBe(2);
    expect(pageAfterSizeChange(3, 50, 100)).toBe(1);
  });

  test('prev is disabled on the first page and next on the last', () => {
    renderWithProviders(<Harness total={40} initial={{ page: 2, limit: 20 }} />);
    expect(screen.getByTestId('pagination-next')).toBeDisabled();
    expect(screen.getByTestId('pagination-prev')).toBeEnabled();
    expect(pageButton(2)).toHaveAttribute('aria-current', 'page');
  });

  test('reports the page clicked and scrolls to the top over 800 ms', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness total={200} onChange={onChange} />);
    await userEvent.click(pageButton(3));
    expect(onChange).toHaveBeenLastCalledWith(3, 20);
    expect(smoothScrollTo).toHaveBeenCalledWith(0, 800);
    await userEvent.click(screen.getByTestId('pagination-next'));
    expect(onChange).toHaveBeenLastCalledWith(4, 20);
  });

  test('the jumper goes to the typed page', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness total={200} onChange={onChange} />);
    await userEvent.type(screen.getByTestId('pagination-jumper'), '7{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(7, 20);
    // Beyond the last page lands on the last page.
    await userEvent.type(screen.getByTestId('pagination-jumper'), '99{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(10, 20);
  });

  test('does not scroll when auto-scroll is off (inside dialogs)', async () => {
    renderWithProviders(<Harness total={200} autoScroll={false} />);
    await userEvent.click(pageButton(2));
    expect(smoothScrollTo).not.toHaveBeenCalled();
  });

  test('is hidden when there is nothing to page', () => {
    renderWithProviders(<Harness total={0} />);
    expect(screen.queryByTestId('pagination')).toBeNull();
  });
});
