import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import './rich-html.css';

// Stored content is sanitised by the server on save as well; the browser sanitises again on
// show, so a row written by any other path (an import, an older build) still cannot run script.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  // A link opening another tab gets no handle on this one.
  if (node.tagName === 'A' && node.getAttribute('target')) node.setAttribute('rel', 'noopener noreferrer');
});

/** Rich text as the public pages show it: script, handlers and `javascript:` links removed. */
export const sanitizeHtml = (html: string): string =>
  DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    ADD_TAGS: ['video', 'source'],
    ADD_ATTR: ['target', 'controls', 'preload', 'poster'],
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'],
    // The pages' own typography applies; inline styles could hide or overlay text.
    FORBID_ATTR: ['style'],
  });

/**
 * The one way the console and the public pages show stored rich text (help answers, guides,
 * manuals, privacy policies), with the typography those pages share.
 */
export function RichHtml({ html, className, testId }: { html: string; className?: string; testId?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={className ? `rich-html ${className}` : 'rich-html'} data-testid={testId} dangerouslySetInnerHTML={{ __html: clean }} />;
}
