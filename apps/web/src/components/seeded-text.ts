import type { TFunction } from 'i18next';

/**
 * Words the server seeds in English (a built-in parameter's name, a dictionary's name) in the
 * reader's language: while the stored words are still the seeded ones, the translation `key`
 * stands for them; once an administrator changed them, they show as written. `seeded` is en-US's
 * translation, which tests hold to the server's words.
 */
export const seededText = (t: TFunction, key: string, stored: string, seeded: string | undefined): string =>
  seeded !== undefined && stored === seeded ? t(key, { defaultValue: stored }) : stored;
