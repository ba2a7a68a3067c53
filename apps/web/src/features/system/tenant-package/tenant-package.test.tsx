import { menuApi, tenantPackageApi, type TenantPackage } from '@lightdesk/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { useDictStore } from '../../../components/dict-store';
import { renderWithProviders } from '../../../components/test-utils';
import { setNotifier } from '../../../lib/notify';
import { MENUS } from '../shared/menu-fixture';
import { systemTestI18n } from '../shared/system-test-i18n';
import { TenantPackageForm } from './tenant-package-form';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));

const PACKAGE: TenantPackage = { id: 7, name: 'Retail basic', status: 0, remark: '', createdAt: '2025-01-02T03:04:05.000Z' };

beforeEach(() => {
  server.reset();
  // Stored with a screen but only one of its buttons: a grant antd's linked tree could not show.
  server.answer(tenantPackageApi.get, { ...PACKAGE, menuIds: [1, 2, 3] });
  // Not declared in the contract yet.
  server.answer(menuApi.grantable, [...MENUS]);
  setNotifier({ error: () => {}, success: () => {} });
  act(() => useDictStore.getState().setAll([{ dictType: 'common_status', value: '0', label: 'Enabled', colorType: 'success', cssClass: '', sort: 0 }]));
});

const dialog = () => screen.getByRole('dialog');
const save = () => userEvent.click(dialog().querySelector<HTMLButtonElement>('.ant-modal-footer .ant-btn-primary')!);
/** The checkbox of the tree entry with this title. */
const checkbox = (title: string) => within(dialog()).getByText(title).closest('.ant-tree-treenode')!.querySelector<HTMLElement>('.ant-tree-checkbox')!;
const isChecked = (title: string) => checkbox(title).classList.contains('ant-tree-checkbox-checked');

describe('agent package form', () => {
  test('builds the menu tree from the flat list and sends the checked menus', async () => {
    const onClose = vi.fn();
    renderWithProviders(<TenantPackageForm onClose={onClose} />, { i18n: systemTestI18n() });

    // Directories at the top, the screen under its directory.
    const stores = (await within(dialog()).findByText('Stores')).closest('.ant-tree-treenode')!;
    expect(stores.querySelector('.ant-tree-switcher_open')).not.toBeNull();
    expect(within(dialog()).getByText('Store management')).toBeInTheDocument();

    await save();
    expect(await within(dialog()).findByText('Please enter the Package name')).toBeInTheDocument();
    expect(await within(dialog()).findByText('Please select at least one menu')).toBeInTheDocument();

    await userEvent.type(within(dialog()).getByTestId('package-name'), 'Retail basic');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Expand all' }));
    await userEvent.click(checkbox('Store management'));
    expect(['Stores', 'Store management', 'Export', 'Delete'].every(isChecked)).toBe(true);
    expect(isChecked('Devices')).toBe(false);
    expect(within(dialog()).getByTestId('menu-check-count')).toHaveTextContent('4 selected');

    await userEvent.click(checkbox('Delete'));
    // The form as it will be sent, before sending it: a busy machine may still be drawing the last click.
    await waitFor(() => expect(within(dialog()).getByTestId('menu-check-count')).toHaveTextContent('3 selected'));
    expect(within(dialog()).getByTestId('package-name')).toHaveValue('Retail basic');
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(server.sent(tenantPackageApi.create)).toEqual([{ name: 'Retail basic', status: 0, remark: '', menuIds: [1, 2, 3] }]);
  });

  test('editing shows exactly the stored menus and keeps them when saved untouched', async () => {
    const onClose = vi.fn();
    renderWithProviders(<TenantPackageForm row={PACKAGE} onClose={onClose} />, { i18n: systemTestI18n() });
    expect(await within(dialog()).findByTestId('package-name')).toHaveValue('Retail basic');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Expand all' }));
    expect(isChecked('Export')).toBe(true);
    expect(isChecked('Delete')).toBe(false);
    await save();
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(server.sent(tenantPackageApi.update)).toEqual([{ id: 7, name: 'Retail basic', status: 0, remark: '', menuIds: [1, 2, 3] }]);
  });
});
