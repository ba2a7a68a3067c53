// @vitest-environment jsdom
// DOMPurify needs a faithful HTML parser to be tested: happy-dom’s lets it pass script through.
import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { RichHtml } from './rich-html';

const show = (html: string) => render(<RichHtml html={html} testId="rich" />).getByTestId('rich');

describe('rich text', () => {
  test('a stored-XSS attempt renders inert', () => {
    const shown = show(
      [
        '<p>Hello<script>window.hacked = 1</script></p>',
        '<img src="x" onerror="window.hacked = 1">',
        '<a href="javascript:window.hacked=1">click</a>',
        '<svg><animate onbegin="window.hacked=1" attributeName="x"></animate></svg>',
        '<iframe src="https://evil.example"></iframe>',
        '<p style="background:url(javascript:1)" onclick="window.hacked=1">styled</p>',
        '<form action="https://evil.example"><input name="password"></form>',
      ].join(''),
    );
    expect(shown.querySelector('script, iframe, form, input')).toBeNull();
    expect(shown.innerHTML).not.toMatch(/onerror|onclick|onbegin|javascript:/i);
    expect(screen.getByText('click').getAttribute('href')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  test('what the editor writes survives: headings, lists, tables, links, images and videos', () => {
    const shown = show(
      '<h2>Pairing</h2><ol><li>One</li></ol><table><tbody><tr><th>Key</th><td>Value</td></tr></tbody></table>' +
        '<p><a href="https://example.com/help" target="_blank">help</a></p><img src="/open/files/a.png" alt="Floor plan">' +
        '<video src="/open/files/b.mp4" controls></video>',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Pairing' })).toBeTruthy();
    expect(shown.querySelector('table td')?.textContent).toBe('Value');
    const link = screen.getByRole('link', { name: 'help' });
    // A link to another tab gets no handle on this one.
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('img', { name: 'Floor plan' }).getAttribute('src')).toBe('/open/files/a.png');
    expect(shown.querySelector('video')?.hasAttribute('controls')).toBe(true);
  });
});
