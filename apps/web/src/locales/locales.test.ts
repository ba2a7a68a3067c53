import { messageKeys } from '@lightdesk/contract';
import { describe, expect, test } from 'vitest';
import { LANGUAGES } from '../lib/i18n/languages';
import { localeFiles } from '../test/i18n';

/** Every leaf key of a locale file, dotted. */
function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

const byLanguage = new Map<string, Map<string, Set<string>>>();
for (const [path, strings] of Object.entries(localeFiles)) {
  const [, lang, ns] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path)!;
  if (!byLanguage.has(lang!)) byLanguage.set(lang!, new Map());
  byLanguage.get(lang!)!.set(ns!, new Set(keysOf(strings)));
}
const namespaces = [...new Set([...byLanguage.values()].flatMap((m) => [...m.keys()]))];

describe('locales (DESIGN §6: a test fails when a locale lacks a key)', () => {
  test('there is a folder for each of the six languages', () => {
    expect([...byLanguage.keys()].sort()).toEqual([...LANGUAGES].sort());
  });

  test.each(namespaces)('namespace %s has the same keys in every language', (ns) => {
    const all = new Set([...byLanguage.values()].flatMap((m) => [...(m.get(ns) ?? [])]));
    for (const lang of LANGUAGES) {
      const missing = [...all].filter((k) => !byLanguage.get(lang)?.get(ns)?.has(k));
      expect(missing, `${lang}/${ns}.json lacks`).toEqual([]);
    }
  });

  test('every server message key has a translation in every language', () => {
    for (const lang of LANGUAGES) {
      const common = byLanguage.get(lang)?.get('common') ?? new Set();
      const missing = messageKeys.filter((key) => !common.has(`error.${key}`));
      expect(missing, `${lang}/common.json lacks error.<key>`).toEqual([]);
    }
  });

  test('the optimised English is its own copy, not a duplicate of en-US', () => {
    const same = (ns: string) => JSON.stringify(localeFiles[`../locales/en-GB/${ns}.json`]) === JSON.stringify(localeFiles[`../locales/en-US/${ns}.json`]);
    expect(['common', 'layout', 'menu', 'public'].filter(same)).toEqual([]);
  });

  test('no translation is left empty', () => {
    for (const [path, strings] of Object.entries(localeFiles)) {
      const empty = keysOf(strings).filter((k) => k.split('.').reduce<unknown>((v, part) => (v as Record<string, unknown>)[part], strings) === '');
      expect(empty, path).toEqual([]);
    }
  });
});
