import { act } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, test } from 'vitest';
import { textFilter } from './list-filters';
import { renderWithProviders } from './test-utils';
import { useListUrlState, type ListUrlState } from './use-list-url-state';

const SHAPE = { filters: [textFilter('meshName', 'Store name')], sortKeys: [] };

/** The hook's latest answer, handed out after each commit. */
const probe: { list?: ListUrlState } = {};
function Probe() {
  const list = useListUrlState(SHAPE);
  useEffect(() => {
    probe.list = list;
  });
  return null;
}

describe('useListUrlState', () => {
  test('two changes made before the address has taken the first both reach it', async () => {
    const { router } = renderWithProviders(<Probe />, { route: '/stores' });
    act(() => {
      probe.list!.update({ page: 2 });
      probe.list!.update({ filters: { meshName: 'Rivoli' } });
    });
    await act(async () => {});
    expect(probe.list!.state).toMatchObject({ page: 2, filters: { meshName: 'Rivoli' } });
    expect(new URLSearchParams(router.state.location.search).get('meshName')).toBe('Rivoli');
  });
});
