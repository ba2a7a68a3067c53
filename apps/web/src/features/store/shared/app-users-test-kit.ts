import type { DictData } from '@lightdesk/contract';
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { useDictStore } from '../../../components/dict-store';
import { setNotifier } from '../../../lib/notify';
import { useSession } from '../../../lib/session';

const status = (value: string, label: string, colorType: string): DictData => ({ dictType: 'common_status', value, label, colorType, cssClass: '', sort: 0 });

/** The status dictionary, the signed-in person's grants, and a notifier the test reads: what the screen toasts. */
export function setUpAppUsers(permissions: string[] = ['*:*:*']) {
  const toasts = { error: vi.fn<(text: string) => void>(), success: vi.fn<(text: string) => void>() };
  setNotifier(toasts);
  act(() => {
    useDictStore.getState().setAll([status('0', 'Enabled', 'success'), status('1', 'Disabled', 'info')]);
    useSession.getState().setIdentity({ user: { id: 1, avatar: '', userName: 'admin', nickname: 'Admin' }, roles: ['admin'], permissions });
  });
  return toasts;
}
