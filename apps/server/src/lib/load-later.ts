import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A package loaded when first used instead of when the server starts, for the heavy ones only some
 * servers need (jsdom, exceljs, the AWS SDK). Node keeps what it loaded, so later calls cost nothing.
 */
export const loadLater =
  <T>(name: string): (() => T) =>
  () =>
    require(name) as T;
