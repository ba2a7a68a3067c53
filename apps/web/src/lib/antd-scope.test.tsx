import Modal from 'antd/es/modal';
import { act, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { AntdScope } from './antd-scope';
import { PRIMARY } from './theme';

afterEach(() => vi.unstubAllGlobals());

/** Opens a dialog and lets its first frames run. */
async function openDialog() {
  render(
    <AntdScope primary={PRIMARY}>
      <Modal open title="Sign out?" />
    </AntdScope>,
  );
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  return screen.getByRole('dialog').closest('.ant-modal') as HTMLElement;
}

test('a dialog opens with its zoom animation by default', async () => {
  expect((await openDialog()).className).toMatch(/zoom/);
});

test('for people who prefer less motion, a dialog opens in place without animating', async () => {
  vi.stubGlobal('matchMedia', () => ({ matches: true, addEventListener() {}, removeEventListener() {} }));
  expect((await openDialog()).className).not.toMatch(/zoom/);
});
