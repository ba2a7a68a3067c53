import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { afterEach, expect, test, vi } from 'vitest';
import { FormDialog } from './form-dialog';
import { renderWithProviders } from './test-utils';

afterEach(() => {
  document.body.innerHTML = '';
});

function NameForm({ onClose }: { onClose: (saved: boolean) => void }) {
  const [form] = Form.useForm<{ name: string }>();
  return (
    <FormDialog<{ name: string }> title="Edit store" form={form} initialValues={{ name: 'Berlin' }} onSave={async () => undefined} onClose={onClose}>
      <Form.Item name="name" label="Name">
        <Input data-testid="name" />
      </Form.Item>
    </FormDialog>
  );
}

const open = () => {
  const onClose = vi.fn();
  renderWithProviders(<NameForm onClose={onClose} />);
  return onClose;
};
const closeButton = () => screen.getByRole('button', { name: 'Close' });
const question = () => screen.queryAllByText('Close this dialog?', { selector: '.ant-modal-confirm-title' });

test('an unchanged form closes at once', async () => {
  const onClose = open();
  await userEvent.click(closeButton());
  expect(onClose).toHaveBeenCalledWith(false);
  expect(question()).toHaveLength(0);
});

test('a changed form asks before closing on ×, and stays open with its input when the person keeps editing', async () => {
  const onClose = open();
  fireEvent.change(screen.getByTestId('name'), { target: { value: 'Berlin Mitte' } });
  await userEvent.click(closeButton());
  await waitFor(() => expect(question()).toHaveLength(1));
  await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
  expect(onClose).not.toHaveBeenCalled();
  expect(screen.getByTestId('name')).toHaveValue('Berlin Mitte');
});

test('a changed form asks on Esc too', async () => {
  const onClose = open();
  fireEvent.change(screen.getByTestId('name'), { target: { value: 'Berlin Mitte' } });
  fireEvent.keyDown(screen.getByTestId('name'), { key: 'Escape', keyCode: 27 });
  await waitFor(() => expect(question()).toHaveLength(1));
  expect(onClose).not.toHaveBeenCalled();
});

test('a changed form asks on Cancel, and closes unsaved once confirmed', async () => {
  const onClose = open();
  fireEvent.change(screen.getByTestId('name'), { target: { value: 'Berlin Mitte' } });
  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(question()).toHaveLength(1));
  const [, confirmClose] = screen.getAllByRole('button', { name: 'Close' });
  await userEvent.click(confirmClose!);
  expect(onClose).toHaveBeenCalledExactlyOnceWith(false);
});
