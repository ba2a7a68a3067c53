import type { ThemeConfig } from 'antd/es/config-provider';

/*
 * Colours chosen for WCAG 2.1 AA: text needs a contrast of 4.5:1 against what is behind it.
 * antd's defaults miss it in several places (its blue #1677ff: 4.1:1 with white; helper text:
 * 3.4:1; placeholders: 1.9:1; red: 3.3:1), so the console sets its own. docs/web-shell.md
 * lists the figures.
 */

/**
 * The console's one blue (antd's blue-7): 6.2:1 either way — as text on white and with white
 * text on it — and 5.5:1 on its own light tint (selected menu entries, tags).
 */
export const PRIMARY = '#0958d9';

/**
 * The colours offered in the settings drawer. Each reads at 4.5:1 or better with white and
 * on its own tint; green and cyan are missing because a green dark enough for white text
 * gets greyish tints from antd's palette.
 */
export const THEME_PRESETS: readonly string[] = [PRIMARY, '#2f54eb', '#722ed1', '#c41d7f', '#c2410c'];

/** Errors, danger buttons and required marks (antd's red-7): 5.6:1 with white. */
const ERROR = '#cf1322';

/** Helper text, descriptions, placeholders: 58 % black, 5.3:1 on white, 4.8:1 on the grey page. */
const SECONDARY_TEXT = 'rgba(0, 0, 0, 0.58)';

/**
 * Tag text for the status and preset colours whose default shade is too light on the tag's
 * pale background; the replacements are a darker step of the same antd palette.
 */
const TAG_TEXT: NonNullable<ThemeConfig['components']>['Tag'] = {
  colorSuccess: '#237804',
  colorWarning: '#874d00',
  volcano7: '#ad2102',
  orange7: '#ad4e00',
  gold7: '#874d00',
  yellow7: '#876800',
  lime7: '#3f6600',
  green7: '#237804',
  cyan7: '#006d75',
};

/** `#rrggbb` mixed with black: `share` 0.1 is 10 % black. */
function darken(hex: string, share: number): string {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match) return hex;
  const channels = [0, 2, 4].map((i) => Math.round(parseInt(match[1]!.slice(i, i + 2), 16) * (1 - share)));
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * antd's theme for a primary colour (the brand's, or the one chosen in the settings drawer);
 * without motion for people who asked their system for less of it.
 */
export function antdTheme(primary: string, { motion = true }: { motion?: boolean } = {}): ThemeConfig {
  // antd lightens on hover, which would drop white text below 4.5:1; darkening keeps it.
  const hover = darken(primary, 0.12);
  return {
    token: {
      motion,
      colorPrimary: primary,
      colorPrimaryHover: hover,
      colorInfo: primary,
      colorLink: primary,
      colorLinkHover: hover,
      colorError: ERROR,
      colorTextTertiary: SECONDARY_TEXT,
      colorTextPlaceholder: SECONDARY_TEXT,
    },
    components: { Tag: TAG_TEXT },
  };
}
