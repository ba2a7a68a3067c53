import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, test, vi } from 'vitest';
import type { Language } from '../lib/i18n/languages';
import { localeFiles } from '../test/i18n';
import { DataEmpty, DataFailed, DataLoading } from './data-state';
import { testI18n } from './test-utils';

const draw = (ui: ReactElement, language: Language = 'en-US') => {
  const common = localeFiles[`../locales/${language}/common.json`] as Parameters<typeof testI18n>[0];
  return render(<I18nextProvider i18n={testI18n(common, language)}>{ui}</I18nextProvider>);
};

describe('data states', () => {
  test('loading is announced as a status, under the test id the caller gives', () => {
    draw(<DataLoading testId="x-loading" />);
    expect(screen.getByRole('status', { name: 'Loading…' })).toBe(screen.getByTestId('x-loading'));
  });

  test('a failure is an alert with a way to try again', async () => {
    const retry = vi.fn();
    draw(<DataFailed retry={retry} testId="x-failed" />);
    const alert = screen.getByRole('alert');
    expect(alert).toBe(screen.getByTestId('x-failed'));
    expect(alert).toHaveTextContent('Could not load this.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  test("empty says so in the caller's words, or in the shared ones", () => {
    draw(<DataEmpty description="No feedback yet" testId="x-empty" />);
    expect(screen.getByTestId('x-empty')).toHaveTextContent('No feedback yet');
    draw(<DataEmpty compact />, 'de-DE');
    expect(screen.getByText('Noch nichts vorhanden')).toBeInTheDocument();
  });
});
