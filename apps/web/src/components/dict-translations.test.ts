import { describe, expect, test } from 'vitest';
import { DICTIONARIES } from '../../../server/src/seed/dictionaries';
import { LANGUAGES } from '../lib/i18n/languages';
import { localeFiles } from '../test/i18n';

/** The string at a dotted path of a locale file, or undefined. */
function lookup(strings: unknown, path: string[]): unknown {
  return path.reduce<unknown>((v, part) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[part] : undefined), strings);
}

describe('dictionary labels (use-dict reads common:dict.<type>.<value>)', () => {
  test('the server seeds dictionaries to check', () => {
    expect(DICTIONARIES.length).toBeGreaterThan(0);
  });

  test.each(LANGUAGES)('%s has a translation for every seeded dictionary entry', (lang) => {
    const common = localeFiles[`../locales/${lang}/common.json`];
    const missing = DICTIONARIES.flatMap((d) =>
      d.entries
        .map(([value]) => [d.type, value])
        .filter((path) => {
          const label = lookup(common, ['dict', ...path]);
          return typeof label !== 'string' || label.trim() === '';
        }),
    ).map((path) => `dict.${path.join('.')}`);
    expect(missing, `${lang}/common.json lacks`).toEqual([]);
  });

  test('the locale dictionaries hold no entry the server does not seed', () => {
    const seeded = new Set(DICTIONARIES.flatMap((d) => d.entries.map(([value]) => `${d.type}.${value}`)));
    for (const lang of LANGUAGES) {
      const dict = (lookup(localeFiles[`../locales/${lang}/common.json`], ['dict']) ?? {}) as Record<string, Record<string, string>>;
      const extra = Object.entries(dict)
        .flatMap(([type, entries]) => Object.keys(entries).map((value) => `${type}.${value}`))
        .filter((k) => !seeded.has(k));
      expect(extra, `${lang}/common.json has stale dict keys`).toEqual([]);
    }
  });
});
