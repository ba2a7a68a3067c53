/**
 * WCAG 2.1 contrast ratio of two colours (`#rrggbb`, or `rgba(…)` text laid over `background`),
 * for tests that hold the console's colours to the 4.5:1 text minimum.
 */
type Rgb = [number, number, number];

function parse(colour: string): { rgb: Rgb; alpha: number } {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour);
  if (hex) return { rgb: [0, 2, 4].map((i) => parseInt(hex[1]!.slice(i, i + 2), 16)) as Rgb, alpha: 1 };
  const fn = /^rgba?\(([^)]+)\)$/.exec(colour.replace(/\s+/g, ''));
  if (!fn) throw new Error(`not a colour this helper reads: ${colour}`);
  const [r, g, b, a = '1'] = fn[1]!.split(',');
  return { rgb: [Number(r), Number(g), Number(b)], alpha: Number(a) };
}

function luminance([r, g, b]: Rgb): number {
  const linear = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export function contrast(text: string, background: string): number {
  const back = parse(background).rgb;
  const { rgb, alpha } = parse(text);
  const shown = rgb.map((c, i) => c * alpha + back[i]! * (1 - alpha)) as Rgb;
  const [light, dark] = [luminance(shown), luminance(back)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
