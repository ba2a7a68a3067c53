import { dictDataApi, dictTypeApi, type DictData, type DictDataDetail, type DictTypeDetail } from '@lightdesk/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { DictTag } from '../../../components/dict-tag';
import { renderWithProviders } from '../../../components/test-utils';
import { setUpPeople } from '../shared/people-test-kit';
import { systemTestI18n } from '../shared/system-test-i18n';
import { DictPage } from './dict-page';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));

const at = '2025-01-02T03:04:05.000Z';
const TYPES: DictTypeDetail[] = [
  { id: 1, name: 'Status', type: 'common_status', status: 0, remark: '', createdAt: at },
  { id: 2, name: 'Brand', type: 'brand', status: 0, remark: '', createdAt: at },
];
const ENTRIES: DictDataDetail[] = [
  { id: 11, dictType: 'common_status', value: '0', label: 'Enabled', colorType: 'success', cssClass: '', sort: 0, status: 0, remark: '', createdAt: at },
  { id: 12, dictType: 'common_status', value: '1', label: 'Disabled', colorType: 'info', cssClass: '', sort: 1, status: 0, remark: '', createdAt: at },
];
const simple = (label: string): DictData[] => [
  { dictType: 'common_status', value: '0', label, colorType: 'success', cssClass: '', sort: 0 },
  { dictType: 'common_status', value: '1', label: 'Disabled', colorType: 'info', cssClass: '', sort: 1 },
];

beforeEach(() => {
  server.reset();
  server.answer(dictTypeApi.page, { list: TYPES, total: 2 });
  server.answer(dictDataApi.page, { list: ENTRIES, total: 2 });
  // Not declared in the contract yet. After the edit, the server answers the new label.
  server.answer(dictDataApi.enabled, simple('Active'));
});

/** The dialog (over the drawer, itself a dialog) whose title reads so. */
const dialogTitled = async (title: string) => (await screen.findByText(title)).closest<HTMLElement>('[role="dialog"]')!;
const rowOf = (scope: HTMLElement, text: string) =>
  within(scope)
    .getAllByRole('row')
    .find((r) => r.textContent?.includes(text))!;

describe('Dictionaries', () => {
  test('editing an entry’s label saves it and refreshes the dictionary cache: a status tag elsewhere shows it at once', async () => {
    setUpPeople();
    renderWithProviders(
      <>
        <DictPage />
        <div data-testid="elsewhere">
          <DictTag type="common_status" value="0" />
        </div>
      </>,
      { i18n: systemTestI18n() },
    );
    expect(within(screen.getByTestId('elsewhere')).getByText('Enabled')).toBeInTheDocument();

    await screen.findByText('common_status');
    await userEvent.click(within(rowOf(document.body, 'common_status')).getByTestId('dict-entries'));
    const drawer = await screen.findByTestId('dict-data-drawer');
    await waitFor(() => expect(server.sent(dictDataApi.page)).toContainEqual(expect.objectContaining({ dictType: 'common_status', page: 1 })));
    // The entries show as the tags they will be.
    await waitFor(() =>
      expect(
        within(drawer)
          .getAllByTestId('dict-entry-preview')
          .map((t) => t.textContent),
      ).toEqual(['Enabled', 'Disabled']),
    );

    await userEvent.click(within(rowOf(drawer, 'Enabled')).getByTestId('row-edit'));
    const dialog = await dialogTitled('Edit entry of common_status');
    const label = within(dialog).getByTestId('dict-data-label');
    expect(label).toHaveValue('Enabled');
    fireEvent.change(label, { target: { value: 'Active' } });
    await waitFor(() => expect(within(dialog).getByTestId('dict-data-preview')).toHaveTextContent('Active'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(server.sent(dictDataApi.update)).toEqual([
        { id: 11, dictType: 'common_status', value: '0', label: 'Active', colorType: 'success', cssClass: '', sort: 0, status: 0, remark: '' },
      ]),
    );
    await waitFor(() => expect(within(screen.getByTestId('elsewhere')).getByText('Active')).toBeInTheDocument());
    expect(server.sent(dictDataApi.enabled)).toHaveLength(1);
  });

  test('the entries drawer lists the chosen dictionary, and a new entry is added to it', async () => {
    setUpPeople();
    renderWithProviders(<DictPage />, { i18n: systemTestI18n() });
    await screen.findByText('brand');
    await userEvent.click(screen.getByText('brand'));
    const drawer = await screen.findByTestId('dict-data-drawer');
    await waitFor(() => expect(server.sent(dictDataApi.page)).toContainEqual(expect.objectContaining({ dictType: 'brand' })));

    await userEvent.click(within(drawer).getByTestId('list-create'));
    const dialog = await dialogTitled('Add entry to brand');
    fireEvent.change(within(dialog).getByTestId('dict-data-label'), { target: { value: 'Solis' } });
    fireEvent.change(within(dialog).getByTestId('dict-data-value'), { target: { value: 'solis' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.sent(dictDataApi.create)).toEqual([
        { dictType: 'brand', value: 'solis', label: 'Solis', colorType: '', cssClass: '', sort: 0, status: 0, remark: '' },
      ]),
    );
  });
});
