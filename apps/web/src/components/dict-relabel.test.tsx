import type { DictData } from '@lightdesk/contract';
import { act, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { DICTIONARIES } from '../../../server/src/modules/system/seed/dictionaries';
import german from '../locales/de-DE/dict.json';
import english from '../locales/en-US/dict.json';
import { useDictStore } from './dict-store';
import { DictTag } from './dict-tag';
import { renderWithProviders, testI18n } from './test-utils';

const status = (label: string): DictData[] => [{ dictType: 'common_status', value: '0', label, colorType: 'success', cssClass: '', sort: 0 }];

function germanI18n() {
  const i18n = testI18n({}, 'de-DE');
  i18n.addResourceBundle('de-DE', 'dict', german);
  return i18n;
}

describe('a relabelled dictionary entry (edit a label, see it in a list)', () => {
  test('en-US’s dictionary translations are exactly the labels the server seeds, so a differing label means an administrator changed it', () => {
    const seeded = Object.fromEntries(DICTIONARIES.map((d) => [d.type, Object.fromEntries(d.entries.map(([value, label]) => [value, label]))]));
    expect(english).toEqual(seeded);
  });

  test('the seeded label shows translated; a label an administrator changed shows as written, in every language', () => {
    act(() => useDictStore.getState().setAll(status('Enabled')));
    renderWithProviders(<DictTag type="common_status" value="0" />, { i18n: germanI18n() });
    expect(screen.getByText('Aktiviert')).toBeInTheDocument();

    act(() => useDictStore.getState().setAll(status('Active')));
    expect(screen.getByText('Active')).toBeInTheDocument();

    // Put back, the seeded label is translated again.
    act(() => useDictStore.getState().setAll(status('Enabled')));
    expect(screen.getByText('Aktiviert')).toBeInTheDocument();
  });
});
