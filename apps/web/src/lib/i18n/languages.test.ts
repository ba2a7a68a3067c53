import { describe, expect, test } from 'vitest';
import { BRANDS } from '../brands';
import { chooseLanguage, offeredLanguages } from './languages';

const brand = (key: string) => BRANDS.find((b) => b.key === key)!;

describe('language choice', () => {
  test('each brand’s default language', () => {
    expect(chooseLanguage(brand('lightdesk'), undefined)).toBe('zh-CN');
    expect(chooseLanguage(brand('lumen'), undefined)).toBe('en-US');
    expect(chooseLanguage(brand('aurora'), undefined)).toBe('en-US');
    expect(chooseLanguage(brand('nordlicht'), undefined)).toBe('en-GB');
  });

  test('a stored language is used only when the brand offers it', () => {
    expect(chooseLanguage(brand('lumen'), 'zh-CN')).toBe('zh-CN');
    expect(chooseLanguage(brand('nordlicht'), 'de-DE')).toBe('de-DE');
    expect(chooseLanguage(brand('nordlicht'), 'zh-CN')).toBe('en-GB');
    expect(chooseLanguage(brand('lightdesk'), 'fr-FR')).toBe('zh-CN');
    expect(chooseLanguage(brand('lightdesk'), 'klingon')).toBe('zh-CN');
  });

  test('without a brand list the generic reading applies: zh-CN and en-US, en-US by default', () => {
    expect(offeredLanguages({})).toEqual(['zh-CN', 'en-US']);
    expect(chooseLanguage({}, undefined)).toBe('en-US');
    expect(chooseLanguage({}, 'zh-CN')).toBe('zh-CN');
  });

  test('the brand list overrides the generic one', () => {
    expect(offeredLanguages(brand('nordlicht'))).toEqual(['en-GB', 'de-DE', 'fr-FR', 'nl-NL']);
  });

  test('English is the fallback when no default is offered', () => {
    expect(chooseLanguage({ languages: ['de-DE', 'en-GB'], defaultLanguage: 'zh-CN' }, undefined)).toBe('en-GB');
    expect(chooseLanguage({ languages: ['de-DE', 'fr-FR'] }, undefined)).toBe('de-DE');
  });
});
