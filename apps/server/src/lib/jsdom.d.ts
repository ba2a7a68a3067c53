// The little of jsdom the server uses to clean rich text and floor plans. Its own type package
// brings the browser's DOM types into the whole server program, where they clash with Node's
// (Blob, Buffer).
declare module 'jsdom' {
  interface XmlElement {
    readonly localName: string;
    readonly namespaceURI: string | null;
    getAttribute(name: string): string | null;
  }
  interface XmlDocument {
    readonly documentElement: XmlElement;
    getElementsByTagName(name: string): { readonly length: number };
  }
  export class JSDOM {
    constructor(html?: string);
    readonly window: {
      DOMParser: new () => { parseFromString(text: string, type: 'image/svg+xml'): XmlDocument };
      XMLSerializer: new () => { serializeToString(node: XmlElement): string };
    };
  }
}
