import { describe, expect, test } from 'vitest';
import { DICTIONARIES } from '../../../server/src/modules/system/seed/dictionaries';
import { LANGUAGES } from '../lib/i18n/languages';
import { localeFiles } from '../test/i18n';

/** The string at a dotted path of a locale file, or undefined. */
function lookup(strings: unknown, path: string[]): unknown {
  return path.reduce<unknown>((v, part) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[part] : undefined), strings);
}

describe('dictionary labels (use-dict reads dict:<type>.<value>)', () => {
  test('the server seeds dictionaries to check', () => {
    expect(DICTIONARIES.length).toBeGreaterThan(0);
  });

  test.each(LANGUAGES)('%s has a translation for every seeded dictionary entry', (lang) => {
    const dict = localeFiles[`../locales/${lang}/dict.json`];
    const missing = DICTIONARIES.flatMap((d) =>
      d.entries
        .map(([value]) => [d.type, value])
        .filter((path) => {
          const label = lookup(dict, path);
          return typeof label !== 'string' || label.trim() === '';
        }),
    ).map((path) => path.join('.'));
    expect(missing, `${lang}/dict.json lacks`).toEqual([]);
  });

  test.each(LANGUAGES)("%s names every seeded dictionary (system:dict.typeNames), en-US with the server's words", (lang) => {
    const names = (localeFiles[`../locales/${lang}/system.json`] as { dict?: { typeNames?: Record<string, string> } }).dict?.typeNames ?? {};
    expect(DICTIONARIES.filter((d) => !names[d.type]?.trim()).map((d) => d.type)).toEqual([]);
    if (lang === 'en-US') for (const d of DICTIONARIES) expect(names[d.type], d.type).toBe(d.name);
  });

  test('the locale dictionaries hold no entry the server does not seed', () => {
    const seeded = new Set(DICTIONARIES.flatMap((d) => d.entries.map(([value]) => `${d.type}.${value}`)));
    for (const lang of LANGUAGES) {
      const dict = (localeFiles[`../locales/${lang}/dict.json`] ?? {}) as Record<string, Record<string, string>>;
      const extra = Object.entries(dict)
        .flatMap(([type, entries]) => Object.keys(entries).map((value) => `${type}.${value}`))
        .filter((k) => !seeded.has(k));
      expect(extra, `${lang}/dict.json has stale keys`).toEqual([]);
    }
  });
});
