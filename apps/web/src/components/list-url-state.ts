import dayjs from 'dayjs';
import { useDictStore } from './dict-store';
import type { FilterConfig, FilterOption, FilterParams, FilterValues } from './list-filters';
import { DEFAULT_LIMIT, PAGE_SIZES } from './pagination';

export type SortOrder = 'asc' | 'desc';
export interface ListSort {
  /** The server's sort key, the key of the sorted column. */
  by: string;
  order: SortOrder;
}

/** What a list screen shows besides its rows: the search applied, the page and the order. */
export interface ListState {
  filters: FilterParams;
  page: number;
  limit: number;
  /** Absent: the server's default order. */
  sort?: ListSort;
  /** The tab open, for a list with tabs; absent: the first. */
  tab?: string;
}

export const INITIAL_LIST_STATE: ListState = { filters: {}, page: 1, limit: DEFAULT_LIMIT };

/** What a list may read from its address: the parameters of its filters and the keys it may sort by. */
export interface ListShape {
  filters: readonly FilterConfig[];
  sortKeys: readonly string[];
  /** The keys of the list's tabs, the first open by default. */
  tabs?: readonly string[];
  /** False for choices kept in the address that are not a list (an analytics screen's store and period): no page, size or order. */
  paged?: false;
}

// The largest page the server's 32-bit arithmetic takes; beyond it an address is garbage.
const MAX_PAGE = 2 ** 31 - 1;

/** The query parameters one filter fills (a day range fills two). */
const paramsOf = (filter: FilterConfig) => (filter.kind === 'dateRange' ? [filter.from, filter.to] : [filter.name]);

/** Every query parameter a list owns in its address; others (e.g. `brand`) are left as they are. */
const ownedKeys = (shape: ListShape) => [
  ...(shape.paged === false ? [] : ['page', 'limit', 'sortBy', 'sortOrder']),
  ...(shape.tabs ? ['tab'] : []),
  ...shape.filters.flatMap(paramsOf),
];

/** `onto` with the change from `before` to `after` made to it: two lists of one screen writing its address at once. */
export function carryChange(before: string, after: string, onto: string): string {
  const from = new URLSearchParams(before);
  const to = new URLSearchParams(after);
  const params = new URLSearchParams(onto);
  for (const key of new Set([...from.keys(), ...to.keys()])) {
    const value = to.get(key);
    if (value === null) params.delete(key);
    else if (value !== from.get(key)) params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** True when the address says anything about the list (so it is a list state, not a bare link to the screen). */
export const addressesList = (search: string, shape: ListShape) => {
  const params = new URLSearchParams(search);
  return ownedKeys(shape).some((key) => params.has(key));
};

/** The fixed choices of a filter's control, when it has them (a select of an enum). */
const optionsOf = (filter: FilterConfig): readonly FilterOption[] | undefined =>
  filter.kind === 'control' ? (filter.control.props as { options?: readonly FilterOption[] }).options : undefined;

const isDate = (text: string | null): text is string => !!text && dayjs(text).isValid();

/**
 * A filter's values from the address, or nothing when they cannot be right: a dictionary value
 * the dictionary lacks, a choice not offered, a day range with a bad or missing end. Text is
 * taken as typed; the server judges it like any search.
 */
function readFilter(filter: FilterConfig, params: URLSearchParams): FilterParams {
  if (filter.kind === 'dateRange') {
    const from = params.get(filter.from);
    const to = params.get(filter.to);
    return isDate(from) && isDate(to) ? { [filter.from]: from, [filter.to]: to } : {};
  }
  const value = params.get(filter.name)?.trim();
  if (!value) return {};
  if (filter.kind === 'dict') {
    const known = useDictStore.getState().entries(filter.dictType);
    if (known.length > 0 && !known.some((entry) => entry.value === value)) return {};
  }
  const options = optionsOf(filter);
  if (options && !options.some((option) => String(option.value) === value)) return {};
  return { [filter.name]: value };
}

const wholeNumber = (text: string | null, min: number, max: number) => {
  if (!text || !/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return n >= min && n <= max ? n : undefined;
};

/**
 * The list state an address (a hash route's query string) holds. Anything that does not fit this
 * list — a page that is not a number, a size the pager does not offer, a column it cannot sort
 * by — falls back to the default, so a hand-edited or outdated link still opens the screen.
 */
export function readListState(search: string, shape: ListShape): ListState {
  const params = new URLSearchParams(search);
  const filters = Object.assign({}, ...shape.filters.map((filter) => readFilter(filter, params))) as FilterParams;
  const limit = wholeNumber(params.get('limit'), 1, Number.MAX_SAFE_INTEGER);
  const by = params.get('sortBy');
  const order = params.get('sortOrder');
  const sorted = by !== null && shape.sortKeys.includes(by) && (order === 'asc' || order === 'desc');
  // The first tab is the default: only another one is named in the address.
  const tab = params.get('tab');
  const otherTab = tab !== null && !!shape.tabs?.slice(1).includes(tab);
  return {
    filters,
    page: wholeNumber(params.get('page'), 1, MAX_PAGE) ?? 1,
    limit: limit !== undefined && (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_LIMIT,
    ...(sorted && { sort: { by, order } }),
    ...(otherTab && { tab }),
  };
}

/**
 * The address's query string holding this state: defaults are left out, so a list as it first
 * opens has a bare address; parameters the list does not own are kept. A parameter already there
 * keeps its place, so two lists of one screen that each write the address agree on its order.
 */
export function writeListState(search: string, state: ListState, shape: ListShape): string {
  const own = new Map<string, string>();
  if (state.tab && state.tab !== shape.tabs?.[0]) own.set('tab', state.tab);
  for (const [key, value] of Object.entries(state.filters)) own.set(key, value);
  if (state.sort) {
    own.set('sortBy', state.sort.by);
    own.set('sortOrder', state.sort.order);
  }
  if (state.page !== 1) own.set('page', String(state.page));
  if (state.limit !== DEFAULT_LIMIT) own.set('limit', String(state.limit));
  return withOwn(search, own, shape);
}

/** `search` with the list's own parameters replaced by `own`: those already there stay in place, new ones go last. */
function withOwn(search: string, own: ReadonlyMap<string, string>, shape: ListShape): string {
  const params = new URLSearchParams(search);
  for (const key of ownedKeys(shape)) if (!own.has(key)) params.delete(key);
  for (const [key, value] of own) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The search form's values for applied filter parameters (the reverse of `filterParams`): a day
 * range as the picker's days, a choice as the option's own value, another control's whole
 * number as a number (the id pickers), text as text. Filters without a parameter are cleared.
 */
export function filterValues(filters: readonly FilterConfig[], params: FilterParams): FilterValues {
  const values: FilterValues = {};
  for (const filter of filters) {
    if (filter.kind === 'dateRange') {
      const from = params[filter.from];
      const to = params[filter.to];
      values[filter.name] = from && to ? [dayjs(from), dayjs(to)] : undefined;
      continue;
    }
    const value = params[filter.name];
    if (value === undefined || filter.kind !== 'control') {
      values[filter.name] = value;
      continue;
    }
    const options = optionsOf(filter);
    values[filter.name] = options ? options.find((option) => String(option.value) === value)?.value : /^\d+$/.test(value) ? Number(value) : value;
  }
  return values;
}
