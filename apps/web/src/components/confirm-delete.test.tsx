import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { useConfirmDelete, type ConfirmDeleteOptions } from './confirm-delete';
import { renderWithProviders } from './test-utils';

/** Renders the hook and hands back its confirm function. */
function setup() {
  let confirm: ((o: ConfirmDeleteOptions) => Promise<boolean>) | undefined;
  function Host() {
    const [confirmDelete, holder] = useConfirmDelete();
    confirm = confirmDelete;
    return <>{holder}</>;
  }
  renderWithProviders(<Host />);
  return (options: ConfirmDeleteOptions) => {
    let result!: Promise<boolean>;
    act(() => {
      result = confirm!(options);
    });
    return result;
  };
}

const dialog = () => screen.findByRole('dialog');

// Closed dialogs wait for an exit animation that never ends here; start each test clean.
afterEach(() => {
  // Unmount first (hooks run in reverse, before the shared cleanup), then drop leftover portals.
  cleanup();
  document.body.innerHTML = '';
});

describe('confirm deletion', () => {
  test("asks 'Do you confirm deletion?' naming the item", async () => {
    const ask = setup();
    void ask({ content: 'Store “Oak Street”', onConfirm: () => undefined });
    expect(await dialog()).toHaveTextContent('Do you confirm deletion?');
    expect(screen.getByText('Store “Oak Street”')).toBeInTheDocument();
  });

  test('runs the deletion on Confirm and resolves true', async () => {
    const ask = setup();
    const onConfirm = vi.fn(() => Promise.resolve());
    const result = ask({ onConfirm });
    await dialog();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await expect(result).resolves.toBe(true);
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  test('Cancel deletes nothing and resolves false', async () => {
    const ask = setup();
    const onConfirm = vi.fn();
    const result = ask({ onConfirm });
    await dialog();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(result).resolves.toBe(false);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  test('a failed deletion resolves false (the HTTP client has shown the error)', async () => {
    const ask = setup();
    const result = ask({ onConfirm: () => Promise.reject(new Error('refused')) });
    await dialog();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await expect(result).resolves.toBe(false);
  });

  test('a click on the backdrop does not close it', async () => {
    const ask = setup();
    let settled = false;
    void ask({ onConfirm: () => undefined }).then(() => (settled = true));
    await dialog();
    await userEvent.click(document.querySelector<HTMLElement>('.ant-modal-wrap')!);
    await new Promise((r) => setTimeout(r, 50));
    // Closing by any means settles the promise (cancel resolves false); it must still be open.
    expect(settled).toBe(false);
  });
});
