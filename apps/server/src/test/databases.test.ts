import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { onBothDatabases, onPgliteOnly } from './databases';

/**
 * Where PGlite and PostgreSQL differ: a driver of its own, row and advisory locks, partitions
 * made or dropped at run time, notifications, isolation levels and COPY. Code using any of them
 * must be tested on both databases.
 */
const DIFFERS = [
  /from '(pg|@electric-sql\/pglite)'/,
  /\bfor (update|share|no key update)\b/i,
  /\bskip locked\b|\bnowait\b/i,
  /\bpg_(try_)?advisory/i,
  /\block table\b/i,
  /\bpartition of\b|\b(detach|attach) partition\b/i,
  /\bpg_notify\b|\bunlisten\b/i,
  /\bisolation level\b/i,
  /\bcopy\s+\w+.*\bfrom stdin\b/i,
];

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : entry.name.endsWith('.ts') ? [path.relative(server, full)] : [];
  });
}
const all = files(path.join(server, 'src'));
const isTest = (file: string) => file.endsWith('.test.ts');
// The test harness opens both databases by design; it is what the sets choose between.
const sources = all.filter((file) => !isTest(file) && !file.startsWith('src/test/'));

describe('which test files run on both databases', () => {
  test('every source file using what differs between the drivers is covered by a test on both', () => {
    const covered = new Set(Object.values(onBothDatabases).flatMap((entry) => entry.covers));
    const differing = sources.filter((file) => DIFFERS.some((pattern) => pattern.test(fs.readFileSync(path.join(server, file), 'utf8'))));
    expect(differing.length).toBeGreaterThan(0);
    expect(
      differing.filter((file) => !covered.has(file)),
      'add a test file covering these to onBothDatabases in src/test/databases.ts',
    ).toEqual([]);
  });

  test('the sets name test files and source files that exist', () => {
    for (const [file, entry] of Object.entries(onBothDatabases)) {
      expect(all, file).toContain(file);
      expect(isTest(file), file).toBe(true);
      for (const source of entry.covers) expect(sources, `${file} covers ${source}`).toContain(source);
    }
    for (const file of Object.keys(onPgliteOnly)) expect(all, file).toContain(file);
  });
});
