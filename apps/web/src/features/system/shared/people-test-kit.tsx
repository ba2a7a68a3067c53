import type { DictData } from '@lightdesk/contract';
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { useDictStore } from '../../../components/dict-store';
import { setNotifier } from '../../../lib/notify';
import { useSession } from '../../../lib/session';

/** A fake of lib/http's `api`: GETs answered by path, writes recorded. */
export function fakeHttp(mocks: Pick<typeof vi, 'fn'> = vi) {
  return {
    get: mocks.fn<(url: string, params?: Record<string, unknown>) => Promise<unknown>>(),
    post: mocks.fn<(url: string, body?: unknown) => Promise<unknown>>(),
    put: mocks.fn<(url: string, body?: unknown) => Promise<unknown>>(),
    delete: mocks.fn<(url: string, params?: Record<string, unknown>) => Promise<unknown>>(),
  };
}
export type FakeApi = ReturnType<typeof fakeHttp>;

/**
 * One fake per test file. `vi.mock` is hoisted above the imports, so a test fetches it inside
 * the factory (a `vi.hoisted` callback cannot reach this module's exports):
 * `vi.mock('../../../lib/http', async (original) => ({ ...(await original<object>()), api: (await import('../shared/people-test-kit')).fakeApi }))`.
 */
export const fakeApi: FakeApi = fakeHttp();

export function resetApi(api: FakeApi = fakeApi) {
  api.get.mockReset();
  api.post.mockReset().mockResolvedValue(1);
  api.put.mockReset().mockResolvedValue(true);
  api.delete.mockReset().mockResolvedValue(true);
}

type Routes = Record<string, unknown>;
/** Routes GETs by path (an answer may be a function of the params); an unknown path fails the test loudly. */
export function answerGets(routes: Routes): void;
export function answerGets(api: FakeApi, routes: Routes): void;
export function answerGets(first: FakeApi | Routes, second?: Routes) {
  const [api, routes] = second ? [first as FakeApi, second] : [fakeApi, first as Routes];
  api.get.mockImplementation((url, params) => {
    if (!(url in routes)) return Promise.reject(new Error(`unexpected GET ${url}`));
    const answer = routes[url];
    return Promise.resolve(typeof answer === 'function' ? (answer as (p?: Record<string, unknown>) => unknown)(params) : answer);
  });
}

const dict = (dictType: string, value: string, label: string, colorType = ''): DictData => ({ dictType, value, label, colorType, cssClass: '', sort: 0 });

/** The dictionaries these screens read, the signed-in user's grants, and a silent notifier. */
export function setUpPeople(permissions: string[] = ['*:*:*']) {
  setNotifier({ error: () => undefined, success: () => undefined });
  act(() => {
    useDictStore
      .getState()
      .setAll([
        dict('common_status', '0', 'Enabled', 'success'),
        dict('common_status', '1', 'Disabled', 'info'),
        dict('system_user_sex', '1', 'Male'),
        dict('system_user_sex', '2', 'Female'),
        dict('system_user_sex', '0', 'Unknown'),
        dict('system_data_scope', '1', 'All data'),
        dict('system_data_scope', '2', 'Custom departments'),
        dict('system_menu_type', 'D', 'Directory'),
        dict('system_menu_type', 'M', 'Menu'),
        dict('system_menu_type', 'B', 'Button'),
      ]);
    useSession.getState().setIdentity({ user: { id: 1, avatar: '', userName: 'admin', nickname: 'Admin' }, roles: ['admin'], permissions });
  });
}
