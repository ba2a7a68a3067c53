import { messageKeys } from '@lightdesk/contract';
import { describe, expect, test } from 'vitest';
import { LANGUAGES } from '../lib/i18n/languages';
import { localeFiles } from '../test/i18n';

/** Every leaf of a locale file: dotted key → text. */
function leavesOf(value: unknown, prefix = ''): [string, string][] {
  if (typeof value !== 'object' || value === null) return [[prefix, String(value)]];
  return Object.entries(value).flatMap(([k, v]) => leavesOf(v, prefix ? `${prefix}.${k}` : k));
}
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

const byLanguage = new Map<string, Map<string, Map<string, string>>>();
for (const [path, strings] of Object.entries(localeFiles)) {
  const [, lang, ns] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path)!;
  if (!byLanguage.has(lang!)) byLanguage.set(lang!, new Map());
  byLanguage.get(lang!)!.set(ns!, new Map(leavesOf(strings)));
}
const namespaces = [...new Set([...byLanguage.values()].flatMap((m) => [...m.keys()]))];

describe('locales: every language holds every key', () => {
  test('there is a folder for each of the six languages', () => {
    expect([...byLanguage.keys()].sort()).toEqual([...LANGUAGES].sort());
  });

  test('one namespace per area: the administration screens share `system`', () => {
    expect(namespaces).toContain('system');
    expect(namespaces.filter((ns) => ns.startsWith('system-'))).toEqual([]);
  });

  test.each(namespaces)('namespace %s has the same keys in every language', (ns) => {
    const all = new Set([...byLanguage.values()].flatMap((m) => [...(m.get(ns)?.keys() ?? [])]));
    for (const lang of LANGUAGES) {
      const missing = [...all].filter((k) => !byLanguage.get(lang)?.get(ns)?.has(k));
      expect(missing, `${lang}/${ns}.json lacks`).toEqual([]);
    }
  });

  test.each(namespaces)('namespace %s keeps the placeholders of en-US in every language', (ns) => {
    const reference = byLanguage.get('en-US')!.get(ns)!;
    for (const lang of LANGUAGES)
      for (const [key, text] of byLanguage.get(lang)?.get(ns) ?? []) {
        const english = reference.get(key);
        if (english !== undefined) expect(placeholders(text), `${lang}/${ns}.json ${key}`).toEqual(placeholders(english));
      }
  });

  test('every server message key has a translation in every language', () => {
    for (const lang of LANGUAGES) {
      const common = byLanguage.get(lang)?.get('common') ?? new Map();
      const missing = messageKeys.filter((key) => !common.has(`error.${key}`));
      expect(missing, `${lang}/common.json lacks error.<key>`).toEqual([]);
    }
  });

  // Dictionary labels are single words ("Enabled", "Male") that both Englishes share.
  test.each(namespaces.filter((ns) => ns !== 'dict'))('the optimised English of %s is its own copy, not a duplicate of en-US', (ns) => {
    const us = byLanguage.get('en-US')!.get(ns)!;
    const gb = byLanguage.get('en-GB')!.get(ns)!;
    const differing = [...us].filter(([key, text]) => gb.get(key) !== text);
    expect(differing.length).toBeGreaterThan(us.size / 3);
  });

  test('no translation is left empty', () => {
    for (const [path, strings] of Object.entries(localeFiles)) {
      const empty = leavesOf(strings).filter(([, text]) => text.trim() === '');
      expect(empty, path).toEqual([]);
    }
  });
});
