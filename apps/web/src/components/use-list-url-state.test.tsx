import { act } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { textFilter } from './list-filters';
import { renderWithProviders } from './test-utils';
import { useListUrlState, type ListUrlState } from './use-list-url-state';

const SHAPE = { filters: [textFilter('meshName', 'Store name')], sortKeys: [] };

let list: ListUrlState;
function Probe() {
  list = useListUrlState(SHAPE);
  return null;
}

describe('useListUrlState', () => {
  test('a change made while the address is still taking the one before keeps both', async () => {
    const { router } = renderWithProviders(<Probe />, { route: '/stores' });
    act(() => list.update({ page: 2 }));
    act(() => list.update({ filters: { meshName: 'Rivoli' } }));
    await act(async () => {});
    expect(list.state).toMatchObject({ page: 2, filters: { meshName: 'Rivoli' } });
    expect(new URLSearchParams(router.state.location.search).get('meshName')).toBe('Rivoli');
  });
});
