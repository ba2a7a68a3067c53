import { DeviceKind } from '@lightdesk/contract';
import { describe, expect, test } from 'vitest';
import { LANGUAGES } from '../lib/i18n/languages';
import { localeFiles } from '../test/i18n';

describe('device types (useDeviceTypeLabel)', () => {
  test.each(LANGUAGES)('%s names every kind of device', (lang) => {
    const kinds = (localeFiles[`../locales/${lang}/components.json`] as { deviceKind?: Record<string, string> }).deviceKind ?? {};
    expect(DeviceKind.options.filter((kind) => !kinds[kind])).toEqual([]);
  });
});
