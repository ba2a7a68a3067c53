import createDOMPurify, { type DOMPurify } from 'dompurify';
import type * as Jsdom from 'jsdom';
import type { JSDOM } from 'jsdom';
import { loadLater } from './load-later';

const jsdom = loadLater<typeof Jsdom>('jsdom');

export interface Purifier {
  purify: DOMPurify;
  /** The document window DOMPurify works in, for parsing and serialising beside it. */
  window: JSDOM['window'];
}

/**
 * A DOMPurify of its own, made on first use and set up by `setup` (its hooks). Outside a browser
 * it needs jsdom, which takes about a second to load: a server that never cleans rich text or a
 * picture never pays for it, and a server start does not wait for it.
 */
export function lazyPurifier(setup: (purify: DOMPurify) => void): () => Purifier {
  let made: Purifier | undefined;
  return () => {
    if (!made) {
      const { JSDOM } = jsdom();
      const { window } = new JSDOM('');
      made = { purify: createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]), window };
      setup(made.purify);
    }
    return made;
  };
}
