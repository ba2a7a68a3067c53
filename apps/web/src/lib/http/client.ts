import { ResultCode, type Envelope } from '@lightdesk/contract';
import { ApiError, HttpStatusError, isEnvelope, NetworkError } from './errors';
import { endSession, envelopeText, networkFailedText, showBusy, showError } from './feedback';
import { transport, type Transport, type TransportRequest } from './transport';

type Params = Record<string, unknown>;

export interface ClientOptions {
  baseURL: string;
  timeout: number;
  responseType?: 'json' | 'blob';
  /** Read per request: the token and tenant change with sign-in and sign-out. */
  headers: () => Record<string, string | undefined>;
  /** The text for an envelope without a usable message. */
  fallbackText: (code: number) => string;
  paramsSerializer?: (params: Params) => string;
}

/** What a call may add: headers that replace the client's own (e.g. another session's token). */
export interface RequestOptions {
  headers?: Record<string, string>;
  /**
   * Envelope codes the caller shows in its own way (a page's "not found" state): they still
   * reject with an ApiError, but without the toast, which would only repeat the screen.
   */
  handles?: readonly number[];
}

type Body = Record<string, unknown> | unknown[] | FormData | URLSearchParams;

export interface ClientRequest extends RequestOptions {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  params?: Params;
  body?: Body;
  responseType?: 'json' | 'blob';
  onUploadProgress?: TransportRequest['onUploadProgress'];
  onDownloadProgress?: TransportRequest['onDownloadProgress'];
}

export interface ClientAnswer<T> {
  data: T;
  headers: Headers;
}

/**
 * One HTTP client with the console's answer rules: envelope code 200 resolves with `data`; any
 * other code rejects with an ApiError after at most one toast (none for 555 and for the codes the
 * call says it handles); no answer at all shows 'Network request failed'; an HTTP failure without
 * an envelope is only logged.
 */
export interface Client {
  readonly options: ClientOptions;
  /** How requests travel; tests answer them here instead of a server. */
  transport: Transport;
  request<T>(request: ClientRequest): Promise<ClientAnswer<T>>;
}

/** A query value as text: dates as ISO-8601, anything structured as JSON. */
function queryText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return value.toString();
  return JSON.stringify(value);
}

/** Query strings as the server reads them: absent values left out. */
function plainParams(params: Params): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== null) query.append(name, queryText(value));
  return query.toString();
}

function encodeBody(body: Body | undefined, headers: Headers): BodyInit | undefined {
  if (body === undefined || body instanceof FormData) return body; // the browser writes the multipart boundary
  if (body instanceof URLSearchParams) {
    headers.set('content-type', 'application/x-www-form-urlencoded;charset=UTF-8');
    return body.toString();
  }
  headers.set('content-type', 'application/json');
  return JSON.stringify(body);
}

/** Blob answers may be an error envelope in disguise (the server refused the export). */
async function readEnvelope(body: unknown): Promise<unknown> {
  if (typeof Blob !== 'undefined' && body instanceof Blob && /json/.test(body.type)) {
    try {
      return JSON.parse(await body.text()) as unknown;
    } catch {
      return body;
    }
  }
  return body;
}

function reject(envelope: Envelope<unknown>, token: string | undefined, options: ClientOptions, handles: readonly number[] = []): never {
  const text = envelopeText(envelope, options.fallbackText(envelope.code));
  if (envelope.code === ResultCode.unauthorized && token) {
    // The session is over; the hand-off says so once, no toast per call.
    endSession(token);
  } else if (envelope.code !== ResultCode.refusal && !handles.includes(envelope.code)) {
    // 555 is a rule refusal the calling screen words itself, as is any code the call handles: no toast for those.
    if (envelope.code === ResultCode.overloaded) showBusy(text, Number(envelope.params?.seconds ?? 0));
    else showError(text);
  }
  throw new ApiError(envelope, text);
}

export function createClient(options: ClientOptions): Client {
  const client: Client = {
    options,
    transport,
    async request<T>(request: ClientRequest): Promise<ClientAnswer<T>> {
      const headers = new Headers();
      for (const [name, value] of Object.entries({ ...options.headers(), ...request.headers })) if (value !== undefined) headers.set(name, value);
      const body = encodeBody(request.body, headers);
      const query = request.params ? (options.paramsSerializer ?? plainParams)(request.params) : '';
      const url = `${options.baseURL}${request.url}${query ? `?${query}` : ''}`;
      // The bearer token a request carried, so a 401 ends exactly that session.
      const auth = headers.get('authorization');
      const token = auth?.startsWith('Bearer ') ? auth.slice(7) : undefined;

      let answer;
      try {
        answer = await client.transport({
          method: request.method,
          url,
          headers,
          body,
          timeout: options.timeout,
          responseType: request.responseType ?? options.responseType ?? 'json',
          onUploadProgress: request.onUploadProgress,
          onDownloadProgress: request.onDownloadProgress,
        });
      } catch {
        const text = networkFailedText();
        showError(text);
        throw new NetworkError(text);
      }
      const data = await readEnvelope(answer.body);
      // The server answers unexpected failures with HTTP 500 and an envelope: same rules.
      if (isEnvelope(data)) {
        if (data.code !== ResultCode.ok) reject(data, token, options, request.handles);
        return { data: data.data as T, headers: answer.headers };
      }
      if (answer.status >= 400) {
        console.error(`${request.method} ${url} failed with HTTP ${answer.status}`);
        throw new HttpStatusError(answer.status);
      }
      // A file, or a device-facing plain answer.
      return { data: data as T, headers: answer.headers };
    },
  };
  return client;
}

/** Percent of an upload sent, for progress bars. */
export type Progress = (percent: number) => void;

export interface Http {
  get<T>(url: string, params?: Params, options?: RequestOptions): Promise<T>;
  /** JSON body. */
  post<T>(url: string, body?: Body, options?: RequestOptions): Promise<T>;
  /** Form body: urlencoded for plain fields, multipart when it holds files; reports upload progress. */
  postForm<T>(url: string, body: Record<string, string | number | boolean | Blob> | FormData, onProgress?: Progress): Promise<T>;
  put<T>(url: string, body?: Body, options?: RequestOptions): Promise<T>;
  delete<T>(url: string, params?: Params, options?: RequestOptions): Promise<T>;
}

function formBody(body: Record<string, string | number | boolean | Blob> | FormData): FormData | URLSearchParams {
  if (body instanceof FormData) return body;
  const values = Object.entries(body);
  const text = (v: string | number | boolean) => (typeof v === 'string' ? v : String(v));
  if (values.some(([, v]) => v instanceof Blob)) {
    const form = new FormData();
    for (const [k, v] of values) form.append(k, v instanceof Blob ? v : text(v));
    return form;
  }
  return new URLSearchParams(values.map(([k, v]) => [k, v instanceof Blob ? '' : text(v)]));
}

export function httpOf(client: Client): Http {
  const data = <T>(request: ClientRequest) => client.request<T>(request).then((answer) => answer.data);
  return {
    get: (url, params, options) => data({ ...options, method: 'GET', url, params }),
    post: (url, body, options) => data({ ...options, method: 'POST', url, body }),
    postForm: (url, body, onProgress) =>
      data({
        method: 'POST',
        url,
        body: formBody(body),
        onUploadProgress: onProgress ? (loaded, total) => onProgress(total ? Math.round((loaded / total) * 100) : 0) : undefined,
      }),
    put: (url, body, options) => data({ ...options, method: 'PUT', url, body }),
    delete: (url, params, options) => data({ ...options, method: 'DELETE', url, params }),
  };
}

/** A file from a blob client, named as the server's Content-Disposition says. */
export interface DownloadedFile {
  blob: Blob;
  filename?: string;
}

export async function fetchBlob(
  client: Client,
  url: string,
  params?: Params,
  onDownloadProgress?: TransportRequest['onDownloadProgress'],
): Promise<DownloadedFile> {
  const answer = await client.request<Blob>({ method: 'GET', url, params, responseType: 'blob', onDownloadProgress });
  const disposition = answer.headers.get('content-disposition') ?? '';
  const match = /filename\*=UTF-8''([^;]+)|filename="?([^";]+)"?/i.exec(disposition);
  const filename = match ? decodeURIComponent(match[1] ?? match[2] ?? '') : undefined;
  return { blob: answer.data, ...(filename ? { filename } : {}) };
}

/** Hands a downloaded file to the browser (Excel exports end in .xlsx). */
export function saveFile(file: DownloadedFile, fallbackName: string): void {
  const href = URL.createObjectURL(file.blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = file.filename ?? fallbackName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
