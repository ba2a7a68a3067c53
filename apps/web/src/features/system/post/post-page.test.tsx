import { postApi, type Post } from '@lightdesk/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../components/test-utils';
import { setUpPeople } from '../shared/people-test-kit';
import { systemTestI18n } from '../shared/system-test-i18n';
import { PostPage } from './post-page';

const server = await vi.hoisted(async () => (await import('../../../test/fake-server')).fakeServer());
vi.mock('../../../lib/http/clients', (original) => server.clientsModule(original));

const POSTS: Post[] = [
  { id: 1, code: 'ceo', name: 'Chief executive', sort: 1, status: 0, remark: '', createdAt: '2025-01-02T03:04:05.000Z' },
  { id: 2, code: 'tech', name: 'Store technician', sort: 2, status: 1, remark: 'Field work', createdAt: '2025-01-02T03:04:05.000Z' },
];
beforeEach(() => {
  server.reset();
  server.answer(postApi.page, { list: POSTS, total: 2 });
});

describe('Posts', () => {
  test('a user who may only read sees the list, without create, edit, delete or export', async () => {
    setUpPeople(['system:post:query']);
    renderWithProviders(<PostPage />, { i18n: systemTestI18n() });
    expect(await screen.findByText('Store technician')).toBeInTheDocument();
    expect(screen.getByText('Disabled')).toHaveClass('ant-tag');
    expect(screen.queryByTestId('list-create')).toBeNull();
    expect(screen.queryByTestId('list-export')).toBeNull();
    expect(screen.queryByTestId('row-edit')).toBeNull();
    expect(screen.queryByTestId('row-delete')).toBeNull();
  });

  test('the form checks the code before sending, then creates the post with the contract’s body', async () => {
    setUpPeople();
    renderWithProviders(<PostPage />, { i18n: systemTestI18n() });
    await screen.findByText('Store technician');
    await userEvent.click(screen.getByTestId('list-create'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Add post');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter the Post name')).toBeInTheDocument();
    expect(server.sent(postApi.create)).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Post name'), 'Regional manager');
    await userEvent.type(within(dialog).getByLabelText('Post code'), 'regional manager');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Only letters, digits, underscores, dots and hyphens are allowed')).toBeInTheDocument();

    await userEvent.clear(within(dialog).getByLabelText('Post code'));
    await userEvent.type(within(dialog).getByLabelText('Post code'), 'regional_manager');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.sent(postApi.create)).toEqual([{ name: 'Regional manager', code: 'regional_manager', sort: 0, status: 0, remark: '' }]));
  });

  test('editing sends the row’s id with the changed fields', async () => {
    setUpPeople();
    renderWithProviders(<PostPage />, { i18n: systemTestI18n() });
    await screen.findByText('Store technician');
    await userEvent.click(screen.getAllByTestId('row-edit')[1]!);
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('Post name');
    expect(name).toHaveValue('Store technician');
    await userEvent.clear(name);
    await userEvent.type(name, 'Senior technician');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.sent(postApi.update)).toEqual([{ id: 2, name: 'Senior technician', code: 'tech', sort: 2, status: 1, remark: 'Field work' }]),
    );
  });
});
