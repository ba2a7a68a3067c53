import type { DictData } from '@lightdesk/contract';
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { useDictStore } from '../../../components/dict-store';
import { signedInWith } from '../../../components/test-utils';
import { setNotifier } from '../../../lib/notify';

const status = (value: string, label: string, colorType: string): DictData => ({ dictType: 'common_status', value, label, colorType, cssClass: '', sort: 0 });

/** Signed in with these grants, the status dictionary loaded, and the toasts kept for the test to read. */
export function setUpAppUsers(permissions: string[] = ['*:*:*']) {
  signedInWith(permissions);
  const toasts = { error: vi.fn<(text: string) => void>(), success: vi.fn<(text: string) => void>() };
  setNotifier(toasts);
  act(() => useDictStore.getState().setAll([status('0', 'Enabled', 'success'), status('1', 'Disabled', 'info')]));
  return toasts;
}
