import { dictDataApi, postApi } from '@lightdesk/contract';
import { describe, expect, test, vi } from 'vitest';
import { api, call } from '../lib/http';

const server = await vi.hoisted(async () => (await import('./fake-server')).fakeServer());
vi.mock('../lib/http/clients', (original) => server.clientsModule(original));

const entry = { dictType: '', value: '1', label: 'On', colorType: '', cssClass: '', sort: 0 };

describe('the fake server answers by the contract', () => {
  test('a declared read answers what the test said and records the query', async () => {
    server.reset();
    server.answer(postApi.page, (q) => ({ list: [], total: Number(q.page) * 10 }));
    expect(await call(postApi.page, { page: 2 })).toEqual({ list: [], total: 20 });
    expect(server.sent(postApi.page)).toEqual([{ page: 2 }]);
  });

  test('a declared read the test did not answer fails; a declared write succeeds as its answer schema reads it', async () => {
    server.reset();
    await expect(call(postApi.page, {})).rejects.toThrow('no answer for GET /api/system/post/page');
    expect(await call(postApi.create, { code: 'x', name: 'X' })).toBe(1);
    expect(await call(postApi.delete, { id: 1 })).toBe(true);
  });

  test('a path the contract does not declare fails', async () => {
    server.reset();
    await expect(api.put('/system/post/archive', { id: 1 })).rejects.toThrow('PUT /api/system/post/archive is not declared in the contract');
  });

  test('a path parameter reaches its declaration and comes back in the input', async () => {
    server.reset();
    server.answer(dictDataApi.ofType, ({ type }) => [{ ...entry, dictType: type }]);
    expect(await call(dictDataApi.ofType, { type: 'a b' })).toEqual([{ ...entry, dictType: 'a b' }]);
    expect(server.sent(dictDataApi.ofType)).toEqual([{ type: 'a b' }]);
  });
});
