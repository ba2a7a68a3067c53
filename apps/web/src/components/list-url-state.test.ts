import type { DictData } from '@lightdesk/contract';
import { beforeEach, describe, expect, test } from 'vitest';
import { useDictStore } from './dict-store';
import { dateRangeFilter, dictFilter, filterParams, selectFilter, textFilter } from './list-filters';
import { filterValues, INITIAL_LIST_STATE, readListState, writeListState, type ListShape } from './list-url-state';

const entry = (value: string): DictData => ({ dictType: 'common_status', value, label: value, colorType: '', cssClass: '', sort: 0 });

const shape: ListShape = {
  filters: [
    textFilter('name', 'Name'),
    dictFilter('status', 'Status', 'common_status'),
    selectFilter('resultCode', 'Result', [
      { value: 200, label: 'OK' },
      { value: 404, label: 'Not found' },
    ]),
    dateRangeFilter('created', 'Created'),
  ],
  sortKeys: ['name', 'createdAt'],
};

beforeEach(() => useDictStore.getState().setAll([entry('0'), entry('1')]));

describe('list state in the address', () => {
  test('reads every part a list keeps there', () => {
    const search =
      '?name=Lab&status=1&resultCode=404&createdFrom=2025-01-01T00:00:00.000Z&createdTo=2025-01-31T23:59:59.999Z&sortBy=name&sortOrder=desc&page=3&limit=50';
    expect(readListState(search, shape)).toEqual({
      filters: { name: 'Lab', status: '1', resultCode: '404', createdFrom: '2025-01-01T00:00:00.000Z', createdTo: '2025-01-31T23:59:59.999Z' },
      page: 3,
      limit: 50,
      sort: { by: 'name', order: 'desc' },
    });
  });

  test.each([
    ['a page that is not a whole number', '?page=abc'],
    ['page 0', '?page=0'],
    ['a negative page', '?page=-2'],
    ['a page past 32 bits', '?page=4294967296'],
    ['a size the pager does not offer', '?limit=7'],
    ['a size the server would refuse', '?limit=100000'],
    ['a column the list cannot sort by', '?sortBy=password&sortOrder=asc'],
    ['an order that is neither asc nor desc', '?sortBy=name&sortOrder=up'],
    ['an order without a column', '?sortOrder=asc'],
    ['a dictionary value the dictionary lacks', '?status=9'],
    ['a choice the select does not offer', '?resultCode=999'],
    ['a day range with one end', '?createdFrom=2025-01-01T00:00:00.000Z'],
    ['a day range with a date that is not one', '?createdFrom=yesterday&createdTo=2025-01-31T23:59:59.999Z'],
    ['a parameter no filter fills', '?password=x'],
    ['an empty filter', '?name=%20%20'],
  ])('%s falls back to the default', (_case, search) => {
    expect(readListState(search, shape)).toEqual(INITIAL_LIST_STATE);
  });

  test('writes only what differs from the defaults, and keeps parameters it does not own', () => {
    expect(writeListState('', INITIAL_LIST_STATE, shape)).toBe('');
    const state = { filters: { name: 'Lab & co' }, page: 2, limit: 20, sort: { by: 'createdAt', order: 'asc' as const } };
    const search = writeListState('?brand=lumen&page=7&status=1', state, shape);
    // The page was in the address already: it keeps its place, and what is new goes last.
    expect(search).toBe('?brand=lumen&page=2&name=Lab+%26+co&sortBy=createdAt&sortOrder=asc');
    // What it writes reads back as the same state.
    expect(readListState(search, shape)).toEqual(state);
  });

  test('writing what the address already says gives the same address, in the same order', () => {
    const state = { filters: { name: 'Lab' }, page: 3, limit: 20 };
    const search = '?page=3&kind=month&name=Lab';
    expect(writeListState(search, state, shape)).toBe(search);
  });

  test('a list with tabs names only a tab other than the first; a tab it lacks falls back to the first', () => {
    const tabbed: ListShape = { ...shape, tabs: ['luminaire', 'gateway'] };
    const state = { ...INITIAL_LIST_STATE, filters: { name: 'Lab' }, tab: 'gateway' };
    expect(writeListState('', state, tabbed)).toBe('?tab=gateway&name=Lab');
    expect(readListState('?tab=gateway&name=Lab', tabbed)).toEqual(state);
    expect(writeListState('?tab=gateway', { ...state, tab: 'luminaire' }, tabbed)).toBe('?name=Lab');
    expect(readListState('?tab=sensor', tabbed)).toEqual(INITIAL_LIST_STATE);
    // A list without tabs leaves the parameter to others.
    expect(writeListState('?tab=x', INITIAL_LIST_STATE, shape)).toBe('?tab=x');
  });

  test('the search form gets back the values that made the parameters', () => {
    const params = {
      name: 'Lab',
      status: '1',
      resultCode: '404',
      createdFrom: new Date(2025, 0, 1).toISOString(),
      createdTo: new Date(2025, 0, 31, 23, 59, 59, 999).toISOString(),
    };
    const values = filterValues(shape.filters, params);
    expect(values).toMatchObject({ name: 'Lab', status: '1', resultCode: 404 });
    // The day range turns into the same parameters again.
    expect(filterParams(shape.filters, values)).toEqual(params);
    // Filters without a parameter are cleared.
    expect(filterValues(shape.filters, {})).toEqual({ name: undefined, status: undefined, resultCode: undefined, created: undefined });
  });
});
