import dayjs from 'dayjs';
import { describe, expect, test } from 'vitest';
import { LANGUAGES } from './languages';
import { loadUiLocale } from './ui-locale';

describe('calendars follow the interface language', () => {
  test.each(LANGUAGES)('%s: weeks start on Monday, as the analytics weeks do', async (language) => {
    await loadUiLocale(language);
    // Sunday 22 November 2026 belongs to the week that began on Monday the 16th.
    expect(dayjs('2026-11-22').startOf('week').format('YYYY-MM-DD')).toBe('2026-11-16');
  });
});
