import Tooltip from 'antd/es/tooltip';

const BROWSERS: [name: string, pattern: RegExp][] = [
  // Order matters: Edge and Opera also claim to be Chrome, Chrome claims to be Safari.
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /OPR\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /Version\/(\d+)[.\d]* (?:Mobile\/\w+ )?Safari/],
];
const SYSTEMS: [name: string, pattern: RegExp][] = [
  ['Android', /Android/],
  ['iOS', /iPhone|iPad|iPod/],
  ['Windows', /Windows/],
  ['macOS', /Mac OS X|Macintosh/],
  ['Linux', /Linux|X11/],
];

/**
 * "Chrome 131 · Windows" from a user-agent header, for a list cell; the raw text when it is
 * none of the common browsers (a script, a gateway), shortened to fit.
 */
export function shortUserAgent(ua: string): string {
  if (!ua) return '';
  const browser = BROWSERS.find(([, pattern]) => pattern.test(ua));
  const system = SYSTEMS.find(([, pattern]) => pattern.test(ua))?.[0];
  if (!browser) return ua.length > 40 ? `${ua.slice(0, 39)}…` : ua;
  const version = browser[1].exec(ua)?.[1];
  return [`${browser[0]} ${version ?? ''}`.trim(), system].filter(Boolean).join(' · ');
}

/** The short form, with the whole header on hover. */
export function UserAgentText({ value }: { value: string }) {
  if (!value) return <>—</>;
  return (
    <Tooltip title={value}>
      <span>{shortUserAgent(value)}</span>
    </Tooltip>
  );
}
