import { Writable } from 'node:stream';
import { DictType, type Envelope } from '@lightdesk/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, test } from 'vitest';
import { dictData } from '../modules/system/schema';
import { testApp } from '../test/test-app';
import { readSheet, readXlsx } from '../test/xlsx';
import {
  column,
  countryColumn,
  dateColumn,
  dayColumn,
  dictColumn,
  labelColumn,
  streamExcel,
  streamRows,
  type ExcelColumn,
  type StoredDictionaries,
} from './excel';
import { readerLanguage } from './locales';

/** What the server logs, one parsed line each. */
const logged: { msg?: string; requestId?: string; err?: { message?: string } }[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) logged.push(JSON.parse(line) as (typeof logged)[number]);
    done();
  },
});

type Row = { n: number };
const columns: ExcelColumn<Row>[] = [column<Row>('n', 'system:common.sort')];
/** Rows `offset`.. of a table of `total` rows, at most `limit` of them. */
const tableOf = (total: number) => (offset: number, limit: number) =>
  Promise.resolve(Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({ n: offset + i + 1 })));
const BATCH = 3;

/** A row with a value of each kind a list shows: a dictionary entry, a code with labels, a moment, a day, a country. */
type Shown = { status: number; kind: string; at: Date; day: string; country: string };
const SHOWN: Shown = { status: 0, kind: 'password', at: new Date('2026-07-01T12:00:00Z'), day: '2026-03-10', country: 'DE' };
const shownColumns: ExcelColumn<Shown>[] = [
  dictColumn<Shown>('status', 'system:common.status', DictType.commonStatus),
  labelColumn<Shown>('kind', 'system:log.field.kind', (r) => `system:log.kind.${r.kind}`),
  dateColumn<Shown>('at', 'system:common.createdAt'),
  dayColumn<Shown>('day', 'device:shipment.field.shipDate'),
  countryColumn<Shown>('country', 'store:mesh.field.country'),
];
// The test app's own dictionaries, once it has started.
const dictionaries: StoredDictionaries = (types) => t.ctx.dictionaries(types);

// Exports of the test's own, to make a read fail before and after the file starts.
const t = await testApp(
  {},
  {
    logger: { level: 'error', stream: logStream },
    beforeListen: (app) => {
      const rows = { file: 'rows', columns };
      app.get('/test/export/seven-rows', (req, reply) => streamExcel(req, reply, dictionaries, rows, tableOf(7), BATCH));
      app.get('/test/export/fails-at-once', (req, reply) =>
        streamExcel(req, reply, dictionaries, rows, () => Promise.reject(new Error('the database went away')), BATCH),
      );
      app.get('/test/export/fails-midway', (req, reply) =>
        streamExcel(
          req,
          reply,
          dictionaries,
          rows,
          (offset, limit) => (offset === 0 ? tableOf(7)(offset, limit) : Promise.reject(new Error('lost midway'))),
          BATCH,
        ),
      );
      app.get('/test/export/shown', (req, reply) => streamRows(req, reply, dictionaries, { file: 'shown', columns: shownColumns }, [SHOWN]));
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
    expect(rows).toEqual([['Display order'], [1], [2], [3], [4], [5], [6], [7]]);
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

/** The shown row's export as a reader of `language` on the clock of `timeZone` gets it. */
const shown = (headers: Record<string, string>) => t.api.raw('GET', '/test/export/shown', { headers });

describe('a file is written for its reader', () => {
  test('the reader’s language is the first of the six they ask for, English when none', () => {
    expect(readerLanguage('de-AT,de;q=0.9,en;q=0.8')).toBe('de-DE');
    expect(readerLanguage('es-ES, nl;q=0.5, fr;q=0.7')).toBe('fr-FR');
    expect(readerLanguage('en-GB')).toBe('en-GB');
    expect(readerLanguage('en')).toBe('en-US');
    expect(readerLanguage('zh')).toBe('zh-CN');
    expect(readerLanguage('*')).toBe('en-US');
    expect(readerLanguage(undefined)).toBe('en-US');
  });

  test.each([
    ['de-DE', ['Status', 'Art', 'Erstellt am', 'Versanddatum', 'Land'], ['Aktiviert', 'Anmeldung mit Passwort', 'Deutschland (DE)']],
    ['fr-FR', ['Statut', 'Type', 'Créé le', "Date d'expédition", 'Pays'], ['Activé', 'Connexion par mot de passe', 'Allemagne (DE)']],
    ['nl-NL', ['Status', 'Soort', 'Aangemaakt op', 'Verzenddatum', 'Land'], ['Ingeschakeld', 'Inloggen met wachtwoord', 'Duitsland (DE)']],
    ['zh-CN', ['状态', '类型', '创建时间', '发货日期', '国家'], ['启用', '密码登录', '德国 (DE)']],
  ])('%s: headers, dictionary entries, codes and countries in the words the lists use', async (language, headers, words) => {
    const [header, row] = await readXlsx(await shown({ 'accept-language': language }));
    expect(header).toEqual(headers);
    expect([row![0], row![1], row![4]]).toEqual(words);
  });

  test('a time is an Excel date on the reader’s clock, formatted as their list shows it; a calendar date is the same day for all', async () => {
    const berlin = await readSheet(await shown({ 'accept-language': 'de-DE', 'time-zone': 'Europe/Berlin' }));
    const [at, day] = [berlin.getCell('C2'), berlin.getCell('D2')];
    // 12:00 UTC is 14:00 in Berlin in July: the cell holds the wall-clock time, which Excel reads without a zone.
    expect(at.value).toEqual(new Date('2026-07-01T14:00:00Z'));
    expect(at.numFmt).toBe('dd"."mm"."yyyy", "hh":"mm":"ss');
    expect(day.value).toEqual(new Date('2026-03-10T00:00:00Z'));
    expect(day.numFmt).toBe('dd"."mm"."yyyy');

    const newYork = await readSheet(await shown({ 'accept-language': 'en-US', 'time-zone': 'America/New_York' }));
    expect(newYork.getCell('C2').value).toEqual(new Date('2026-07-01T08:00:00Z'));
    expect(newYork.getCell('C2').numFmt).toBe('mm"/"dd"/"yyyy", "hh":"mm":"ss" "AM/PM');
    expect(newYork.getCell('D2').value).toEqual(new Date('2026-03-10T00:00:00Z'));

    // No zone, or one that does not exist: UTC.
    for (const headers of [{}, { 'time-zone': 'Mars/Olympus_Mons' }] as Record<string, string>[]) {
      expect((await readSheet(await shown(headers))).getCell('C2').value).toEqual(new Date('2026-07-01T12:00:00Z'));
    }
  });

  test('a dictionary entry shows its translation until an administrator relabels it, then the new label in every language', async () => {
    const entry = and(eq(dictData.dictType, DictType.commonStatus), eq(dictData.value, '0'));
    const [before] = await t.ctx.db.select({ label: dictData.label }).from(dictData).where(entry);
    await t.ctx.db.update(dictData).set({ label: 'Live' }).where(entry);
    try {
      expect((await readXlsx(await shown({ 'accept-language': 'de-DE' })))[1]![0]).toBe('Live');
    } finally {
      await t.ctx.db.update(dictData).set({ label: before!.label }).where(entry);
    }
    expect((await readXlsx(await shown({ 'accept-language': 'de-DE' })))[1]![0]).toBe('Aktiviert');
  });

  test('every export of the console has its headers in the reader’s words, not keys, in each language', async () => {
    const exports = t.routes.filter((r) => r.method === 'GET' && r.url.endsWith('/export-excel') && !r.url.includes(':'));
    let files = 0;
    for (const language of ['de-DE', 'fr-FR', 'nl-NL']) {
      for (const { url } of exports) {
        const res = await admin.raw('GET', url, { headers: { 'accept-language': language } });
        // Exports that need a store or a period answer 400 without one; their own tests read them.
        if (!res.headers.get('content-type')?.includes('spreadsheet')) continue;
        files++;
        const [header] = await readXlsx(res);
        expect(
          header!.filter((h) => typeof h !== 'string' || /^[a-z]+:[\w.-]+$/.test(h)),
          `${language} ${url}`,
        ).toEqual([]);
      }
    }
    expect(files).toBeGreaterThanOrEqual(3 * 25);
  });
});
