import { Writable } from 'node:stream';
import type { Envelope } from '@lightdesk/contract';
import { afterAll, describe, expect, test } from 'vitest';
import { testApp } from '../test/test-app';
import { readXlsx } from '../test/xlsx';
import { streamExcel, type ExcelColumn } from './excel';

/** What the server logs, one parsed line each. */
const logged: { msg?: string; requestId?: string; err?: { message?: string } }[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) logged.push(JSON.parse(line) as (typeof logged)[number]);
    done();
  },
});

type Row = { n: number };
const columns: ExcelColumn<Row>[] = [{ key: 'n', header: { zh: '序号', en: 'Number' }, value: (row) => row.n }];
/** Rows `offset`.. of a table of `total` rows, at most `limit` of them. */
const tableOf = (total: number) => (offset: number, limit: number) =>
  Promise.resolve(Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({ n: offset + i + 1 })));
const BATCH = 3;

// Exports of the test's own, to make a read fail before and after the file starts.
const t = await testApp(
  {},
  {
    logger: { level: 'error', stream: logStream },
    beforeListen: (app) => {
      app.get('/test/export/seven-rows', (req, reply) => streamExcel(req, reply, 'rows', columns, tableOf(7), BATCH));
      app.get('/test/export/fails-at-once', (req, reply) =>
        streamExcel(req, reply, 'rows', columns, () => Promise.reject(new Error('the database went away')), BATCH),
      );
      app.get('/test/export/fails-midway', (req, reply) =>
        streamExcel(
          req,
          reply,
          'rows',
          columns,
          (offset, limit) => (offset === 0 ? tableOf(7)(offset, limit) : Promise.reject(new Error('lost midway'))),
          BATCH,
        ),
      );
    },
  },
);
const admin = await t.signIn('admin');
afterAll(() => t.close());

describe('exports', () => {
  test('bad input to an export answers 400 naming the field, before any file starts', async () => {
    for (const [path, query, field] of [
      ['/api/system/post/export-excel', { sortBy: 'password' }, 'sortBy'],
      ['/api/system/post/export-excel', { sortBy: 'constructor' }, 'sortBy'],
      ['/api/system/post/export-excel', { status: '2' }, 'status'],
      ['/api/system/user/export-excel', { createdFrom: '0000-01-01T00:00:00Z' }, 'createdFrom'],
      ['/api/system/user/export-excel', { deptId: String(2 ** 31) }, 'deptId'],
      ['/api/system/operate-log/export-excel', { username: 'a\u0000b' }, 'username'],
    ] as const) {
      const res = await admin.raw('GET', path, { query });
      expect(res.headers.get('content-type'), `${path} ${JSON.stringify(query)}`).toContain('json');
      expect(await res.json()).toMatchObject({ code: 400, params: { field } });
    }
  });

  test('an export of several batches holds every row once, in order', async () => {
    const rows = await readXlsx(await t.api.raw('GET', '/test/export/seven-rows'));
    expect(rows).toEqual([['Number'], [1], [2], [3], [4], [5], [6], [7]]);
  });

  test('a failure before the file starts is an ordinary answer that names the request', async () => {
    const res = await t.api.raw('GET', '/test/export/fails-at-once');
    const answer = (await res.json()) as Envelope;
    expect(answer).toMatchObject({ code: 500, key: 'common.unexpected' });
    expect(logged.find((l) => l.err?.message === 'the database went away')?.requestId).toBe(answer.params?.requestId);
  });

  test('a failure after the file started is logged with the request id and cuts the download, and the server goes on', async () => {
    const download = t.api.raw('GET', '/test/export/fails-midway').then((res) => res.arrayBuffer());
    // The client learns the file is incomplete: no whole answer, and no socket left hanging.
    await expect(download).rejects.toThrow();
    const line = logged.find((l) => l.err?.message === 'lost midway');
    expect(line).toMatchObject({ msg: 'export failed after the download started' });
    expect(line?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await t.api.raw('GET', '/health')).status).toBe(200);
    expect(await readXlsx(await t.api.raw('GET', '/test/export/seven-rows'))).toHaveLength(8);
  });
});
