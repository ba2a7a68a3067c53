import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTENT_LANGUAGES } from '@lightdesk/contract';

/** The web console's six languages and their strings, for tests that hold what the server names to a translation in each. */
export const WEB_LANGUAGES = CONTENT_LANGUAGES;
const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/src/locales');

/** The text at `keys` (a path of object keys) in a language's namespace file, or undefined. */
export function webText(language: string, namespace: string, keys: readonly string[]): string | undefined {
  let found: unknown = JSON.parse(fs.readFileSync(path.join(folder, language, `${namespace}.json`), 'utf8'));
  for (const key of keys) found = typeof found === 'object' && found !== null ? (found as Record<string, unknown>)[key] : undefined;
  return typeof found === 'string' && found.trim() !== '' ? found : undefined;
}

/** The keys of the object at `keys`, e.g. every job name a language translates. */
export function webKeys(language: string, namespace: string, keys: readonly string[]): string[] {
  let found: unknown = JSON.parse(fs.readFileSync(path.join(folder, language, `${namespace}.json`), 'utf8'));
  for (const key of keys) found = typeof found === 'object' && found !== null ? (found as Record<string, unknown>)[key] : undefined;
  return typeof found === 'object' && found !== null ? Object.keys(found) : [];
}
