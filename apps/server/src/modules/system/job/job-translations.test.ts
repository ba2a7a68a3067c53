import { describe, expect, test } from 'vitest';
import { AREAS } from '../../../app';
import { fileSweepJob } from '../../../lib/storage';
import { WEB_LANGUAGES, webKeys, webText } from '../../../test/web-locales';

// Every job the server runs, as app.ts registers them.
const JOBS = [...AREAS.flatMap((a) => a.jobs ?? []), fileSweepJob([])];

describe('the Jobs screen names every job and what it reports, in every language', () => {
  test('the server declares jobs to check', () => {
    expect(JOBS.length).toBeGreaterThan(5);
  });

  test.each(WEB_LANGUAGES)('%s names every registered job (system:job.names)', (language) => {
    const missing = JOBS.map((job) => job.name).filter((name) => !webText(language, 'system', ['job', 'names', name]));
    expect(missing).toEqual([]);
  });

  test.each(WEB_LANGUAGES)('%s names every count a job reports (system:job.result)', (language) => {
    const missing = JOBS.flatMap((job) =>
      (job.counts ?? []).filter((count) => !webText(language, 'system', ['job', 'result', count])).map((count) => `${job.name}: ${count}`),
    );
    expect(missing).toEqual([]);
  });

  test('a job that reports counts says which', () => {
    // Jobs whose runs report nothing are none yet; a new one reporting counts must name them.
    expect(JOBS.filter((job) => !job.counts?.length).map((job) => job.name)).toEqual([]);
  });

  test('the locales name no job the server does not run', () => {
    const names = new Set(JOBS.map((job) => job.name));
    for (const language of WEB_LANGUAGES)
      expect(
        webKeys(language, 'system', ['job', 'names']).filter((name) => !names.has(name)),
        language,
      ).toEqual([]);
  });
});
