import { describe, expect, test } from 'vitest';

// Every language's components namespace, loaded the way Vite bundles them.
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/components.json', { eager: true });
const LANGUAGES = ['zh-CN', 'en-US', 'en-GB', 'de-DE', 'fr-FR', 'nl-NL'];
const byLanguage = Object.fromEntries(Object.entries(files).map(([path, mod]) => [path.split('/').at(-2)!, mod.default]));

/** "a.b.c" → text for every leaf. */
function leaves(tree: Record<string, unknown>, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else if (value && typeof value === 'object') for (const [k, v] of leaves(value as Record<string, unknown>, path)) out.set(k, v);
  }
  return out;
}
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

describe('components locales', () => {
  test('exist for all six languages', () => {
    expect(Object.keys(byLanguage).sort()).toEqual([...LANGUAGES].sort());
  });

  const reference = leaves(byLanguage['en-US']!);
  test.each(LANGUAGES)('%s has every key, no empty text, and the same placeholders', (language) => {
    const own = leaves(byLanguage[language]!);
    expect([...own.keys()].sort()).toEqual([...reference.keys()].sort());
    for (const [key, text] of own) {
      expect(text.trim(), `${language} ${key}`).not.toBe('');
      expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(reference.get(key)!));
    }
  });

  test('the optimised English is its own copy, not a duplicate of en-US', () => {
    const gb = leaves(byLanguage['en-GB']!);
    const differing = [...reference].filter(([key, text]) => gb.get(key) !== text);
    expect(differing.length).toBeGreaterThan(reference.size / 3);
  });
});
