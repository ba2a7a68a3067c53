import { describe, expect, test } from 'vitest';
import { MENU_TREE, type MenuSeed } from '../../../server/src/modules/system/seed/menus';
import type { Language } from '../lib/i18n/languages';
import { localeFiles } from '../test/i18n';

/**
 * One word per thing in each language, and each English spelt its own way: American English
 * writes center and color, British English centre and colour; German calls an agent Händler and a
 * store Filiale, French revendeur and magasin, Dutch dealer and winkel. Each rule lists the words
 * that must not appear.
 */
const AVOIDED: Partial<Record<Language, { words: RegExp; say: string }[]>> = {
  'en-US': [{ words: /\b(centres?|centred|colours?|cancelled|cancelling)\b/i, say: 'American spelling: center, color, canceled' }],
  'en-GB': [{ words: /\b(centers?|centered|colors?|canceled|canceling)\b/i, say: 'British spelling: centre, colour, cancelled' }],
  'de-DE': [
    { words: /\bVertriebspartner/i, say: 'an agent is a Händler' },
    { words: /\bGeschäft(e|en)?\b/i, say: 'a store is a Filiale' },
  ],
  'fr-FR': [
    { words: /\bagents?\b/i, say: 'an agent is a revendeur' },
    { words: /\bboutiques?\b/i, say: 'a store is a magasin' },
  ],
  'nl-NL': [
    { words: /\bagent(en)?\b/i, say: 'an agent is a dealer' },
    { words: /\b(filia(a)?l(en)?|zaak|zaken)\b/i, say: 'a store is a winkel' },
  ],
};

/** What the seeded help pages and manuals say, by language (the server publishes them). */
const pages = import.meta.glob<string>('../../../server/src/modules/content/seed/**/*.md', { query: '?raw', import: 'default', eager: true });

/** Every text of a locale file, with where it is. */
function textsOf(value: unknown, at: string): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, v]) => textsOf(v, `${at}.${key}`));
}

/** Prose only: placeholders (`{{agent}}`), addresses and code (`#/help-center`) are no words. */
const prose = (text: string) =>
  text
    .replace(/\{\{[^}]*\}\}/g, '')
    .replace(/`[^`]*`/g, '')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/\/[\w/-]+/g, '');

function texts(language: Language): [string, string][] {
  const files = Object.entries(localeFiles).filter(([path]) => path.includes(`/locales/${language}/`));
  const seeded = Object.entries(pages).filter(([path]) => path.endsWith(`.${language}.md`));
  return [
    ...files.flatMap(([path, strings]) => textsOf(strings, path.replace(/^.*\/locales\//, ''))),
    ...seeded.map(([path, text]): [string, string] => [path.replace(/^.*\/seed\//, 'content seed: '), text]),
  ];
}

describe('terms: one word per thing in each language', () => {
  test.each(Object.keys(AVOIDED) as Language[])('%s', (language) => {
    const found = AVOIDED[language]!.flatMap(({ words, say }) =>
      texts(language)
        .filter(([, text]) => words.test(prose(text)))
        .map(([where, text]) => `${where}: "${words.exec(prose(text))![0]}" (${say})`),
    );
    expect(found).toEqual([]);
  });

  test("the server's own English names (the menu's, seen in the Menus screen) are American English, as the console's default", () => {
    const names: string[] = [];
    const walk = (menus: readonly MenuSeed[]) =>
      menus.forEach((m) => {
        names.push(m.name, ...(m.buttons ?? []).map((b) => b.name));
        if (m.children) walk(m.children);
      });
    walk(MENU_TREE);
    const { words } = AVOIDED['en-US']![0]!;
    expect(names.filter((name) => words.test(name))).toEqual([]);
  });
});
