import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { localeFiles } from '../test/i18n';

/**
 * The locale-parity test proves every language holds the same keys; this one proves those keys
 * are the ones the code asks for, so no screen shows a raw key such as `tenant.form.title`.
 * It reads the literal keys of `t('…')` calls; keys built at run time are covered by the
 * screens' own tests.
 */
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function has(value: unknown, key: string): boolean {
  let node = value;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string';
}

/** The en-US strings by namespace (the other languages hold the same keys). */
const english = new Map(
  Object.entries(localeFiles).flatMap(([file, strings]) => {
    const match = /\/locales\/en-US\/([^/]+)\.json$/.exec(file);
    return match ? [[match[1]!, strings] as const] : [];
  }),
);
const allNamespaces = [...english.keys()];

const exists = (key: string, namespaces: string[]) => {
  const [ns, bare] = key.includes(':') ? [[key.split(':')[0]!], key.split(':')[1]!] : [namespaces, key];
  // i18next's plural forms live under suffixed keys.
  return ns.some((n) => ['', '_one', '_other'].some((suffix) => has(english.get(n), bare + suffix)));
};

describe('the keys the code asks for', () => {
  test.each(sourceFiles(src).map((f) => [path.relative(src, f), f]))('%s', (_, file) => {
    const code = fs.readFileSync(file, 'utf8');
    const declared = [...code.matchAll(/useTranslation\(([^)]*)\)/g)].flatMap(([, args]) => {
      const names = [...args!.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
      return names.length ? names : ['common'];
    });
    // A `t` handed in from elsewhere may be of any namespace.
    const namespaces = declared.length ? declared : allNamespaces;
    // `t('key')`, or `t('key', { ns: 'common', … })` naming its namespace.
    const calls = [...code.matchAll(/\bt\(\s*'([^'$]+)'(?:\s*,\s*\{[^}]*?\bns:\s*'([^']+)')?/g)];
    // `t(shown ? 'a' : 'b')`.
    const choices = [...code.matchAll(/\bt\(\s*[^'()]+\?\s*'([^'$]+)'\s*:\s*'([^'$]+)'/g)].flatMap(([, a, b]) => [
      [a, a],
      [b, b],
    ]);
    expect([...calls, ...choices].filter(([, key, ns]) => !exists(key!, ns ? [ns] : namespaces)).map(([, key]) => key)).toEqual([]);
  });
});
