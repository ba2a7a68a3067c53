import getDesignToken from 'antd/es/theme/getDesignToken';
import { describe, expect, test } from 'vitest';
import { contrast } from '../test/contrast';
import { BRANDS } from './brands';
import { antdTheme, PRIMARY, THEME_PRESETS } from './theme';

/** WCAG 2.1 AA: normal-size text needs 4.5:1 against its background. */
const AA = 4.5;
const WHITE = '#ffffff';
/** The grey behind the console's pages (layout.css), and antd's table-header grey. */
const PAGE_GREY = '#f0f2f5';
const HEADER_GREY = '#fafafa';

describe('the console theme keeps text readable (WCAG 2.1 AA)', () => {
  const token = getDesignToken(antdTheme(PRIMARY));

  test('the blue reads both ways: as text on white, and with white text on it, also on hover', () => {
    for (const colour of [token.colorPrimary, token.colorPrimaryHover, token.colorLink, token.colorLinkHover]) {
      expect(contrast(colour, WHITE)).toBeGreaterThanOrEqual(AA);
    }
    expect(contrast(token.colorPrimary, token.colorPrimaryBg)).toBeGreaterThanOrEqual(AA);
    expect(token.colorInfo).toBe(token.colorPrimary);
  });

  test('helper text, descriptions and placeholders read on white and on the page greys', () => {
    for (const text of [token.colorTextDescription, token.colorTextPlaceholder, token.colorTextTertiary]) {
      for (const background of [WHITE, PAGE_GREY, HEADER_GREY]) expect(contrast(text, background)).toBeGreaterThanOrEqual(AA);
    }
  });

  test('errors read on white and on their own tint; danger buttons carry white text', () => {
    expect(contrast(token.colorError, WHITE)).toBeGreaterThanOrEqual(AA);
    expect(contrast(token.colorError, token.colorErrorBg)).toBeGreaterThanOrEqual(AA);
  });

  test('tag text reads on the tag’s pale background, for the status and the preset colours', () => {
    const tag = { ...token, ...antdTheme(PRIMARY).components?.Tag } as unknown as Record<string, string>;
    for (const status of ['Success', 'Warning', 'Error', 'Info']) {
      expect(contrast(tag[`color${status}`]!, tag[`color${status}Bg`]!), status).toBeGreaterThanOrEqual(AA);
    }
    const presets = ['red', 'volcano', 'orange', 'gold', 'yellow', 'lime', 'green', 'cyan', 'blue', 'geekblue', 'purple', 'magenta'];
    for (const preset of presets) expect(contrast(tag[`${preset}7`]!, tag[`${preset}1`]!), preset).toBeGreaterThanOrEqual(AA);
  });

  test('every colour offered in the settings drawer reads like the default', () => {
    for (const preset of THEME_PRESETS) {
      const offered = getDesignToken(antdTheme(preset));
      expect(contrast(offered.colorPrimary, WHITE), preset).toBeGreaterThanOrEqual(AA);
      expect(contrast(offered.colorPrimaryHover, WHITE), preset).toBeGreaterThanOrEqual(AA);
      expect(contrast(offered.colorPrimary, offered.colorPrimaryBg), preset).toBeGreaterThanOrEqual(AA);
    }
  });

  test('every brand’s sign-in colour reads with white', () => {
    for (const brand of BRANDS) expect(contrast(brand.colors.primary, WHITE), brand.key).toBeGreaterThanOrEqual(AA);
  });
});
