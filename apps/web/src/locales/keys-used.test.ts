import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { localeFiles } from '../test/i18n';

/**
 * The locale-parity test proves every language holds the same keys; this one proves those keys
 * are the ones the code asks for, so no screen shows a raw key such as `tenant.form.title`, and
 * that no key is left over once the code stops asking for it. It reads the literal keys of
 * `t('…')` calls and the fixed part of keys built at run time (`log.kind.${kind}`); what the
 * built keys resolve to is covered by the screens' own tests.
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

const sources = sourceFiles(src).map((file) => [path.relative(src, file), fs.readFileSync(file, 'utf8')] as const);

/**
 * The contract's checks carry the wording of their refusals as keys of `components`
 * (`.regex(…, 'form.code')`, worded by components/field-rules): a dotted text closing a call, or
 * the message of a check across fields that names the field it refuses (`{ path, message: 'form.x' }`).
 */
const contractSrc = path.resolve(src, '../../../packages/contract/src');
const checkKeys = [
  ...new Set(
    sourceFiles(contractSrc).flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(/'([a-z][\w-]*\.[\w.-]+)'\)|message: '([a-z][\w-]*\.[\w.-]+)'/g)].map((m) => (m[1] ?? m[2])!),
    ),
  ),
];

/**
 * The server writes words of these files too (lib/locales.ts: the headers and values of Excel
 * exports), naming them with their namespace: `'system:post.code'`, or `` `system:log.kind.${…}` ``.
 */
const serverSrc = path.resolve(src, '../../server/src');
const serverCode = sourceFiles(serverSrc)
  .map((file) => fs.readFileSync(file, 'utf8'))
  .join('\n');
const namespaced = `(${allNamespaces.join('|')})`;
// A label key has a dotted path, where a permission prefix (`'system:area'`) has none.
const serverKeys = [...serverCode.matchAll(new RegExp(`'${namespaced}:([\\w-]+\\.[\\w.-]+)'`, 'g'))].map((m) => `${m[1]}:${m[2]}`);
const serverPrefixes = [...serverCode.matchAll(new RegExp(`\`${namespaced}:([\\w.-]+\\.)\\$\\{`, 'g'))].map((m) => `${m[1]}:${m[2]}`);

test('the keys the server asks for are in the locales', () => {
  expect(serverKeys.length).toBeGreaterThan(0);
  expect(serverKeys.filter((key) => !exists(key, []))).toEqual([]);
  const some = (prefix: string) => {
    const [ns, bare] = prefix.split(':') as [string, string];
    return keysOf(english.get(ns)).some((key) => key.startsWith(bare));
  };
  expect(serverPrefixes.filter((prefix) => !some(prefix))).toEqual([]);
});

describe('the keys the code asks for', () => {
  test.each(sources)('%s', (_, code) => {
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

/** Every leaf key of a locale file, dotted. */
function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

test("the keys the contract's checks carry are in components", () => {
  expect(checkKeys.length).toBeGreaterThan(0);
  expect(checkKeys.filter((key) => !exists(key, ['components']))).toEqual([]);
});

describe('every key is asked for by the code', () => {
  const code = sources.map(([, text]) => text).join('\n');
  // Any quoted text may be a key (`t('a')`, a key map, `t(x ? 'a' : 'b')`).
  const quoted = new Set([...code.matchAll(/'([\w.-]+)'/g)].map((m) => m[1]!));
  // `t(`log.kind.${kind}`)` asks for every key under `log.kind.`.
  const prefixes = [...code.matchAll(/`([\w.-]+\.)\$\{/g)].map((m) => m[1]!);
  for (const key of serverKeys) quoted.add(key.split(':')[1]!);
  for (const prefix of serverPrefixes) prefixes.push(prefix.split(':')[1]!);
  // `t(`${page.id}.title`)` asks for `<any quoted id>.title`.
  const suffixes = [...code.matchAll(/`\$\{[^}]+\}(\.[\w.-]+)`/g)].map((m) => m[1]!);
  const asked = (key: string) =>
    quoted.has(key) ||
    checkKeys.includes(key) ||
    prefixes.some((prefix) => key.startsWith(prefix)) ||
    suffixes.some((suffix) => key.endsWith(suffix) && quoted.has(key.slice(0, -suffix.length)));

  // `menu` is keyed by the server's componentName (seed data), `dict` by the server's dictionary
  // values and `common`'s error texts by the server's message keys: their own tests check those.
  test.each([...english].filter(([ns]) => ns !== 'menu' && ns !== 'dict'))('%s', (ns, strings) => {
    const serverKeyed = ns === 'common' ? /^error\./ : undefined;
    const unused = keysOf(strings)
      .map((key) => key.replace(/_(one|other)$/, ''))
      .filter((key) => !serverKeyed?.test(key) && !asked(key));
    expect(unused).toEqual([]);
  });
});
