import DoubleLeftOutlined from '@ant-design/icons/DoubleLeftOutlined';
import DoubleRightOutlined from '@ant-design/icons/DoubleRightOutlined';
import LeftOutlined from '@ant-design/icons/LeftOutlined';
import RightOutlined from '@ant-design/icons/RightOutlined';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { smoothScrollTo } from './scroll-to';
import { MOBILE_BREAKPOINT, useWindowWidth } from './use-window-width';

/** The page sizes offered and the default one. */
export const PAGE_SIZES = [5, 10, 20, 30, 50] as const;
export const DEFAULT_LIMIT = 20;
/** Scroll to the top over 800 ms on page change. */
export const SCROLL_DURATION = 800;
/** Page buttons shown: 5 below 992 px (the mobile layout), else 7. */
export const pagerCountFor = (windowWidth: number) => (windowWidth < MOBILE_BREAKPOINT ? 5 : 7);

export interface PaginationProps {
  page: number;
  limit: number;
  total: number;
  onChange: (page: number, limit: number) => void;
  /** Off for paginations inside dialogs, where the page should not move. */
  autoScroll?: boolean;
}

/** After a page-size change, a page beyond the total goes back to page 1. */
export const pageAfterSizeChange = (page: number, limit: number, total: number) => (page * limit > total ? 1 : page);

export type PagerItem = number | 'prev-more' | 'next-more';

/**
 * The pager of the original console (Element's pager-count): at most `pagerCount`
 * page buttons, first and last always shown, "more" jumps standing in for the rest.
 * antd's own pager shows 5 or 6 buttons whatever its options, hence this one.
 */
export function pagerItems(current: number, pageCount: number, pagerCount: number): PagerItem[] {
  if (pageCount <= pagerCount) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const half = (pagerCount - 1) / 2;
  const prevMore = current > pagerCount - half;
  const nextMore = current < pageCount - half;
  let middle: number[];
  if (prevMore && nextMore) {
    const offset = Math.floor(pagerCount / 2) - 1;
    middle = range(current - offset, current + offset);
  } else if (prevMore) {
    middle = range(pageCount - (pagerCount - 2), pageCount - 1);
  } else {
    middle = range(2, pagerCount - 1);
  }
  return [1, ...(prevMore ? ['prev-more' as const] : []), ...middle, ...(nextMore ? ['next-more' as const] : []), pageCount];
}
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * The console's pagination: total, sizes, prev, pager, next, jumper.
 * Hidden when there is nothing to page, as the list screens of the original do.
 */
export function Pagination({ page, limit, total, onChange, autoScroll = true }: PaginationProps) {
  const { t } = useTranslation('components');
  const pagerCount = pagerCountFor(useWindowWidth());
  const [jump, setJump] = useState('');
  if (total <= 0) return null;
  const pageCount = Math.max(1, Math.ceil(total / limit));

  const change = (nextPage: number, nextLimit: number) => {
    onChange(nextPage, nextLimit);
    if (autoScroll) void smoothScrollTo(0, SCROLL_DURATION);
  };
  const go = (target: number) => {
    const clamped = Math.min(pageCount, Math.max(1, Math.trunc(target)));
    if (clamped !== page) change(clamped, limit);
  };
  const submitJump = () => {
    const target = Number(jump);
    setJump('');
    if (jump.trim() !== '' && Number.isFinite(target)) go(target);
  };
  const moreStep = pagerCount - 2;

  return (
    <nav
      className="ld-pagination"
      aria-label={t('pagination.label')}
      data-testid="pagination"
      style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', gap: 4, padding: '12px 0' }}
    >
      <span data-testid="pagination-total" style={{ marginInlineEnd: 8 }}>
        {t('pagination.total', { count: total })}
      </span>
      <Select
        aria-label={t('pagination.pageSize')}
        data-testid="pagination-sizes"
        value={limit}
        style={{ width: 112, marginInlineEnd: 8 }}
        options={PAGE_SIZES.map((size) => ({ value: size, label: t('pagination.perPage', { size }) }))}
        onChange={(nextLimit: number) => change(pageAfterSizeChange(page, nextLimit, total), nextLimit)}
      />
      <Button
        type="text"
        icon={<LeftOutlined />}
        aria-label={t('pagination.prev')}
        data-testid="pagination-prev"
        disabled={page <= 1}
        onClick={() => go(page - 1)}
      />
      <span data-testid="pagination-pager" style={{ display: 'inline-flex', gap: 4 }}>
        {pagerItems(page, pageCount, pagerCount).map((item) =>
          typeof item === 'number' ? (
            <Button
              key={item}
              type={item === page ? 'primary' : 'text'}
              ghost={item === page}
              aria-current={item === page ? 'page' : undefined}
              data-page={item}
              onClick={() => go(item)}
              style={{ minWidth: 32, paddingInline: 6 }}
            >
              {item}
            </Button>
          ) : (
            <Button
              key={item}
              type="text"
              icon={item === 'prev-more' ? <DoubleLeftOutlined /> : <DoubleRightOutlined />}
              aria-label={t(item === 'prev-more' ? 'pagination.prevMore' : 'pagination.nextMore', { count: moreStep })}
              data-testid={`pagination-${item}`}
              onClick={() => go(item === 'prev-more' ? page - moreStep : page + moreStep)}
            />
          ),
        )}
      </span>
      <Button
        type="text"
        icon={<RightOutlined />}
        aria-label={t('pagination.next')}
        data-testid="pagination-next"
        disabled={page >= pageCount}
        onClick={() => go(page + 1)}
      />
      <label style={{ display: 'inline-flex', alignItems: 'center', gap: 6, marginInlineStart: 8 }}>
        {t('pagination.goTo')}
        <Input
          data-testid="pagination-jumper"
          inputMode="numeric"
          value={jump}
          onChange={(e) => setJump(e.target.value)}
          onPressEnter={submitJump}
          onBlur={submitJump}
          style={{ width: 56 }}
        />
      </label>
    </nav>
  );
}
