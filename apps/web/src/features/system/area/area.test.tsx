import { areaApi, type AreaNode } from '@lightdesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test-utils';
import type * as Http from '../../../lib/http';
import { setUpPeople } from '../shared/people-test-kit';
import { systemTestI18n } from '../shared/system-test-i18n';
import { AreaPage } from './area-page';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));
// The file download, recorded: what it asks for is what the file holds.
const download = vi.hoisted(() => vi.fn(() => new Promise<Blob>(() => undefined)));
vi.mock('../../../lib/http', async (original) => ({ ...(await original<typeof Http>()), downloadExport: download }));

// Not declared in the contract yet.

const country = (code: string, name: string, subdivisions: [string, string][] = []): AreaNode => ({
  code,
  name,
  type: 'country',
  parentCode: null,
  ...(subdivisions.length ? { children: subdivisions.map(([c, n]) => ({ code: c, name: n, type: 'subdivision' as const, parentCode: code })) } : {}),
});
const WORLD = [
  country('AQ', 'Antarctica'),
  country('DE', 'Germany', [
    ['DE-BW', 'Baden-Württemberg'],
    ['DE-BY', 'Bavaria'],
  ]),
  country('FR', 'France', [['FR-IDF', 'Île-de-France']]),
];

beforeEach(() => {
  server.reset();
  download.mockClear();
  server.answer(areaApi.tree, (query?: { keyword?: string }) => (query?.keyword === 'bav' ? [country('DE', 'Germany', [['DE-BY', 'Bavaria']])] : WORLD));
});

describe('Areas', () => {
  test('countries come folded, with their codes; a search asks the server and opens the countries it found', async () => {
    setUpPeople(['system:area:query']);
    renderWithProviders(<AreaPage />, { i18n: systemTestI18n() });
    const tree = await screen.findByTestId('area-tree');
    expect(screen.getByTestId('area-count')).toHaveTextContent('Countries and regions: 3 · Subdivisions: 3');
    expect(within(tree).getByText('Germany')).toBeInTheDocument();
    expect(within(tree).getByText('DE')).toBeInTheDocument();
    expect(within(tree).queryByText('Bavaria')).toBeNull();

    await userEvent.type(within(screen.getByTestId('area-search')).getByRole('searchbox'), 'bav{Enter}');
    await waitFor(() => expect(server.sent(areaApi.tree).at(-1)).toEqual({ keyword: 'bav' }));
    await waitFor(() => expect(within(screen.getByTestId('area-tree')).getByText('DE-BY')).toBeInTheDocument());
    // The match is marked in the name.
    expect(screen.getByText('Bav', { selector: 'mark' })).toBeInTheDocument();
    expect(screen.getByTestId('area-count')).toHaveTextContent('Countries and regions: 1 · Subdivisions: 1');
  });

  test('those who may export get the tree as a file, with the search it shows; those who may only read do not', async () => {
    setUpPeople(['system:area:query', 'system:area:export']);
    const { unmount } = renderWithProviders(<AreaPage />, { i18n: systemTestI18n() });
    await screen.findByTestId('area-tree');
    await userEvent.type(within(screen.getByTestId('area-search')).getByRole('searchbox'), 'bav{Enter}');
    await waitFor(() => expect(within(screen.getByTestId('area-tree')).getByText('DE-BY')).toBeInTheDocument());
    await userEvent.click(screen.getByTestId('list-export'));
    expect(download).toHaveBeenCalledWith(areaApi.exportExcel, { keyword: 'bav' }, expect.any(Function));
    unmount();

    setUpPeople(['system:area:query']);
    renderWithProviders(<AreaPage />, { i18n: systemTestI18n() });
    await screen.findByTestId('area-tree');
    expect(screen.queryByTestId('list-export')).toBeNull();
  });
});
