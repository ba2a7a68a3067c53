import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Activity, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, test, vi } from 'vitest';
import { renderWithProviders, testI18n } from '../../../components/test-utils';
import english from '../../../locales/en-US/content.json';
import german from '../../../locales/de-DE/content.json';
import { RichTextField } from './index';

const i18nIn = (language: 'en-US' | 'de-DE') => {
  const i18n = testI18n({}, language);
  i18n.addResourceBundle(language, 'content', language === 'en-US' ? english : german);
  return i18n;
};

describe('rich-text editor', () => {
  test('shows the stored text, and its toolbar buttons are named in the reader’s language', async () => {
    renderWithProviders(<RichTextField value="<h2>Pairing</h2><p>Hold the button.</p>" upload={vi.fn()} label="Answer" />, { i18n: i18nIn('de-DE') });
    const box = await screen.findByRole('textbox', { name: 'Answer' });
    expect(box.querySelector('h2')?.textContent).toBe('Pairing');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatierung für Answer' });
    for (const name of ['Fett', 'Kursiv', 'Link einfügen', 'Bild hochladen', 'Video hochladen', 'Tabelle einfügen', 'Rückgängig'])
      expect(toolbar.querySelector(`[aria-label="${name}"]`), name).not.toBeNull();
  });

  test('an uploaded image is inserted at its stored address', async () => {
    const upload = vi.fn().mockResolvedValue('/open/files/plan.png?signature=x');
    const onChange = vi.fn();
    renderWithProviders(<RichTextField value="<p>Floor plan:</p>" onChange={onChange} upload={upload} label="Answer" />, { i18n: i18nIn('en-US') });
    await screen.findByRole('textbox', { name: 'Answer' });
    await userEvent.click(screen.getByRole('button', { name: 'Upload an image' }));
    const file = new File(['png'], 'floor-plan.png', { type: 'image/png' });
    await userEvent.upload(screen.getByTestId('rich-editor-file'), file);
    expect(upload).toHaveBeenCalledWith(file, 'image');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(expect.stringContaining('<img src="/open/files/plan.png?signature=x" alt="floor-plan">')));
  });

  test('emptying the text stores nothing rather than an empty paragraph', async () => {
    const onChange = vi.fn();
    renderWithProviders(<RichTextField value="<p>x</p>" onChange={onChange} upload={vi.fn()} label="Answer" />, { i18n: i18nIn('en-US') });
    const box = await screen.findByRole('textbox', { name: 'Answer' });
    await userEvent.click(box);
    await userEvent.keyboard('{Control>}a{/Control}{Backspace}');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(''));
  });

  test('a kept-alive page hidden and shown again keeps its editor working', async () => {
    // The console keeps an open page mounted but hidden (React's <Activity>): its effects are taken
    // down, TipTap destroys the editor a moment later, and they run again when the page is shown.
    // Here the page's element stays the same (as under a memoised parent), so showing it runs the
    // effects again without rendering the editor first.
    const onChange = vi.fn();
    const i18n = i18nIn('en-US');
    const page = <RichTextField value="<p>Hold the button.</p>" onChange={onChange} upload={vi.fn()} label="Answer" />;
    const keptPage = (shown: boolean): ReactNode => (
      <I18nextProvider i18n={i18n}>
        <Activity mode={shown ? 'visible' : 'hidden'}>{page}</Activity>
      </I18nextProvider>
    );
    const { rerender } = render(keptPage(true));
    await screen.findByRole('textbox', { name: 'Answer' });
    rerender(keptPage(false));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    rerender(keptPage(true));

    const box = await screen.findByRole('textbox', { name: 'Answer' });
    expect(box).toHaveTextContent('Hold the button.');
    await userEvent.click(box);
    await userEvent.keyboard('{Control>}a{/Control}Press it twice.');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p>Press it twice.</p>'));
  });
});
