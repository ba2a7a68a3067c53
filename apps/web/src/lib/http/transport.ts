/** One request as it goes over the wire: the URL complete, the headers and body encoded. */
export interface TransportRequest {
  method: string;
  url: string;
  headers: Headers;
  body: BodyInit | undefined;
  /** Milliseconds until the request is given up as failed. */
  timeout: number;
  responseType: 'json' | 'blob';
  onUploadProgress?: (loaded: number, total?: number) => void;
  onDownloadProgress?: (loaded: number, total?: number) => void;
}

/** Any answer with a status; `body` is parsed JSON (or text when it is not JSON) or a Blob. */
export interface TransportAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** Sends a request; rejects only when no answer came (offline, refused, timed out). */
export type Transport = (request: TransportRequest) => Promise<TransportAnswer>;

const parseText = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** Reads a body as a Blob, reporting bytes as they arrive (a streamed export has no length). */
async function readBlob(response: Response, onProgress: TransportRequest['onDownloadProgress']): Promise<Blob> {
  if (!onProgress || !response.body) return response.blob();
  const total = Number(response.headers.get('content-length')) || undefined;
  const reader = response.body.getReader();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    loaded += value.length;
    onProgress(loaded, total);
  }
  return new Blob(parts, { type: response.headers.get('content-type') ?? '' });
}

async function fetchTransport(request: TransportRequest): Promise<TransportAnswer> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), request.timeout);
  try {
    const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body, signal: abort.signal });
    const body = request.responseType === 'blob' ? await readBlob(response, request.onDownloadProgress) : parseText(await response.text());
    return { status: response.status, headers: response.headers, body };
  } finally {
    clearTimeout(timer);
  }
}

/** fetch cannot report upload progress; XMLHttpRequest can. */
function xhrTransport(request: TransportRequest): Promise<TransportAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    xhr.timeout = request.timeout;
    xhr.responseType = request.responseType === 'blob' ? 'blob' : 'text';
    request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (e) => request.onUploadProgress?.(e.loaded, e.lengthComputable ? e.total : undefined);
    xhr.onload = () => {
      const headers = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const colon = line.indexOf(':');
        if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      }
      resolve({ status: xhr.status, headers, body: request.responseType === 'blob' ? (xhr.response as Blob) : parseText(xhr.responseText) });
    };
    xhr.onerror = xhr.ontimeout = xhr.onabort = () => reject(new Error(`${request.method} ${request.url}: no answer`));
    xhr.send(request.body as XMLHttpRequestBodyInit | undefined);
  });
}

/** The browser's own clients: fetch, or XMLHttpRequest when someone watches an upload. */
export const transport: Transport = (request) => (request.onUploadProgress ? xhrTransport(request) : fetchTransport(request));
