import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTENT_LANGUAGES, FALLBACK_LANGUAGE, type ContentLanguage } from '@lightdesk/contract';

/**
 * The web console's words (apps/web/src/locales/<language>/<namespace>.json), for what the
 * server writes for people to read outside the console, such as the headers and values of an
 * Excel file: one set of words, so a file says what the screen says, in each of the six languages.
 * The files are read from the web's own folder in the source layout; the bundle copies them to
 * dist/locales beside main.js (build.mjs). They are read once each, when first needed.
 */

/** The console's six languages. */
export type Language = ContentLanguage;
export const LANGUAGES: readonly Language[] = CONTENT_LANGUAGES;

/** The web's namespaces, one file per language each. */
type Namespace =
  | 'analytics'
  | 'common'
  | 'components'
  | 'content'
  | 'device'
  | 'dict'
  | 'gallery'
  | 'layout'
  | 'menu'
  | 'profile'
  | 'public'
  | 'release'
  | 'store'
  | 'system'
  | 'workbench';

/** A text of the web's locale files, `<namespace>:<dotted path>`: `system:post.code` is what the web's `t('post.code')` shows in `system`. */
export type LabelKey = `${Namespace}:${string}`;

const here = path.dirname(fileURLToPath(import.meta.url));
const FOLDER = [path.join(here, 'locales'), path.join(here, '../../../web/src/locales')].find((p) => fs.existsSync(p)) ?? path.join(here, 'locales');

type Strings = { [key: string]: string | Strings };
const loaded = new Map<string, Strings>();
function stringsOf(language: Language, namespace: string): Strings {
  const name = `${language}/${namespace}`;
  let strings = loaded.get(name);
  if (!strings) {
    const file = path.join(FOLDER, language, `${namespace}.json`);
    strings = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Strings) : {};
    loaded.set(name, strings);
  }
  return strings;
}

function find(language: Language, key: LabelKey): string | undefined {
  const at = key.indexOf(':');
  let found: string | Strings | undefined = stringsOf(language, key.slice(0, at));
  for (const part of key.slice(at + 1).split('.')) found = typeof found === 'object' ? found[part] : undefined;
  return typeof found === 'string' ? found : undefined;
}

/**
 * The text of a key in a language; en-US's when the language lacks it (the web's locale test
 * keeps them alike); undefined when no locale has it.
 */
export const lookupText = (language: Language, key: LabelKey): string | undefined => find(language, key) ?? find(FALLBACK_LANGUAGE, key);

/** The text of a key in a language; the key itself when no locale has it, so a gap shows rather than a blank. */
export const textOf = (language: Language, key: LabelKey): string => lookupText(language, key) ?? key;

/**
 * The language of an `Accept-Language` header: the first one asked (by weight) that is one of
 * the six, or shares its primary tag with one (`de-AT` reads German, `en` American English);
 * English when none is.
 */
export function readerLanguage(acceptLanguage: string | undefined): Language {
  const asked = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.split(';').map((s) => s.trim());
      const weight = params.find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: weight ? Number(weight.slice(2)) : 1 };
    })
    .filter((a) => a.tag && a.tag !== '*' && a.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of asked) {
    const language = LANGUAGES.find((l) => l.toLowerCase() === tag) ?? LANGUAGES.find((l) => l.split('-')[0]!.toLowerCase() === tag.split('-')[0]);
    if (language) return language;
  }
  return FALLBACK_LANGUAGE;
}

/**
 * A dictionary entry's label as the web's lists show it (components/use-dict.ts): the
 * translation `dict:<type>.<value>` while the stored label is still the seeded one (en-US's
 * translation), the stored label once an administrator relabelled the entry, and the value
 * itself for an entry neither knows.
 */
export function dictLabel(language: Language, type: string, value: string, stored: string | undefined): string {
  const key: LabelKey = `dict:${type}.${value}`;
  const relabelled = stored !== undefined && stored !== find(FALLBACK_LANGUAGE, key);
  return (!relabelled && find(language, key)) || stored || value;
}

/** A country as the web's lists name it: its name in the language with its code, `Deutschland (DE)`; the code alone when there is no name. */
export function countryName(language: Language, code: string | null): string {
  if (!code) return '';
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }).of(code);
  } catch {
    // Not a region code Intl knows the shape of.
  }
  return name ? `${name} (${code})` : code;
}
