import type { ConfigEntry } from '@lightdesk/contract';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, test } from 'vitest';
import { SETTINGS } from '../../../../../server/src/modules/system/config/settings';
import { testI18n } from '../../../components/test-utils';
import { LANGUAGES } from '../../../lib/i18n/languages';
import german from '../../../locales/de-DE/system.json';
import { localeFiles } from '../../../test/i18n';
import { useSettingText } from './setting-text';

const lookup = (strings: unknown, path: string[]): unknown =>
  path.reduce<unknown>((v, part) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[part] : undefined), strings);
const settingText = (lang: string, key: string, field: 'name' | 'remark') =>
  lookup(localeFiles[`../locales/${lang}/system.json`], ['config', 'settings', ...key.split('.'), field]);

const seeded = Object.entries(SETTINGS);

describe("built-in parameters' names and remarks", () => {
  test.each(LANGUAGES)('%s translates the name and remark of every built-in parameter the server seeds', (lang) => {
    const missing = seeded.flatMap(([key]) =>
      (['name', 'remark'] as const)
        .filter((field) => typeof settingText(lang, key, field) !== 'string' || !settingText(lang, key, field))
        .map((f) => `${key}.${f}`),
    );
    expect(missing).toEqual([]);
  });

  test("en-US's are exactly the server's words, so different words mean an administrator wrote them", () => {
    for (const [key, setting] of seeded) {
      expect(settingText('en-US', key, 'name'), key).toBe(setting.name);
      expect(settingText('en-US', key, 'remark'), key).toBe(setting.remark);
    }
  });

  test('the seeded words show translated; words an administrator wrote, and custom entries, show as written', () => {
    const i18n = testI18n({}, 'de-DE');
    i18n.addResourceBundle('de-DE', 'system', german);
    const { result } = renderHook(() => useSettingText(), {
      wrapper: ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>,
    });
    const entry = (over: Partial<ConfigEntry>) => ({
      key: 'upload.max-size-mb',
      builtIn: true,
      name: SETTINGS['upload.max-size-mb'].name,
      remark: SETTINGS['upload.max-size-mb'].remark,
      ...over,
    });
    expect(result.current(entry({}), 'name')).toBe('Größter Upload (MB)');
    expect(result.current(entry({}), 'remark')).toMatch(/^Größere Uploads werden abgelehnt/);
    expect(result.current(entry({ name: 'Upload-Grenze' }), 'name')).toBe('Upload-Grenze');
    expect(result.current(entry({ builtIn: false, key: 'store.opening-hour', name: 'Largest upload (MB)' }), 'name')).toBe('Largest upload (MB)');
  });
});
