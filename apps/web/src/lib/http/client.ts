import { ResultCode, type Envelope } from '@lightdesk/contract';
import axios, { type AxiosInstance, type AxiosRequestConfig, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { ApiError, HttpStatusError, isEnvelope, NetworkError } from './errors';
import { endSession, envelopeText, networkFailedText, showError } from './feedback';

export interface ClientOptions {
  baseURL: string;
  timeout: number;
  responseType?: 'json' | 'blob';
  /** Read per request: the token and tenant change with sign-in and sign-out. */
  headers: () => Record<string, string | undefined>;
  /** The text for an envelope without a usable message. */
  fallbackText: (code: number) => string;
  paramsSerializer?: (params: Record<string, unknown>) => string;
}

/** The bearer token a request carried, so a 401 ends exactly that session. */
const tokenOf = (config: InternalAxiosRequestConfig | undefined): string | undefined => {
  const header = config?.headers?.Authorization;
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : undefined;
};

/** Blob answers may be an error envelope in disguise (the server refused the export). */
async function bodyOf(response: AxiosResponse): Promise<unknown> {
  const data: unknown = response.data;
  if (typeof Blob !== 'undefined' && data instanceof Blob && /json/.test(data.type)) {
    try {
      return JSON.parse(await data.text()) as unknown;
    } catch {
      return data;
    }
  }
  return data;
}

function reject(envelope: Envelope<unknown>, config: InternalAxiosRequestConfig | undefined, options: ClientOptions): never {
  const text = envelopeText(envelope, options.fallbackText(envelope.code));
  const token = tokenOf(config);
  if (envelope.code === ResultCode.unauthorized && token) {
    // spec §8/issue 3: the session is over; the hand-off says so once, no toast per call.
    endSession(token);
  } else if (envelope.code !== ResultCode.refusal) {
    // 555 is a rule refusal the calling screen words itself (DESIGN §3).
    showError(text);
  }
  throw new ApiError(envelope, text);
}

/**
 * One axios instance with the console's answer rules (spec §8): envelope code 200 resolves
 * with `data`; any other code rejects with an ApiError after at most one toast; no answer at
 * all shows 'Network request failed'; an HTTP failure without an envelope is only logged.
 */
export function createClient(options: ClientOptions): AxiosInstance {
  const client = axios.create({
    baseURL: options.baseURL,
    timeout: options.timeout,
    responseType: options.responseType ?? 'json',
    ...(options.paramsSerializer ? { paramsSerializer: { serialize: options.paramsSerializer } } : {}),
  });

  client.interceptors.request.use((config) => {
    for (const [name, value] of Object.entries(options.headers())) {
      if (value !== undefined && !config.headers.has(name)) config.headers.set(name, value);
    }
    return config;
  });

  client.interceptors.response.use(
    async (response) => {
      const body = await bodyOf(response);
      if (!isEnvelope(body)) return response; // a file, or a device-facing plain answer
      if (body.code !== ResultCode.ok) reject(body, response.config, options);
      response.data = body.data;
      return response;
    },
    async (error: unknown) => {
      if (axios.isCancel(error) || !axios.isAxiosError(error)) throw error;
      if (error.response) {
        const body = await bodyOf(error.response);
        // The server answers unexpected failures with HTTP 500 and an envelope: same rules.
        if (isEnvelope(body)) reject(body, error.config, options);
        console.error(`${error.config?.method?.toUpperCase()} ${error.config?.url} failed with HTTP ${error.response.status}`);
        throw new HttpStatusError(error.response.status);
      }
      const text = networkFailedText();
      showError(text);
      throw new NetworkError(text);
    },
  );
  return client;
}

type Params = Record<string, unknown>;
type Body = Record<string, unknown> | unknown[] | FormData | URLSearchParams;

/** Percent of an upload sent, for progress bars. */
export type Progress = (percent: number) => void;

export interface Http {
  get<T>(url: string, params?: Params, config?: AxiosRequestConfig): Promise<T>;
  /** JSON body. */
  post<T>(url: string, body?: Body, config?: AxiosRequestConfig): Promise<T>;
  /** Form body: urlencoded for plain fields, multipart when it holds files; reports upload progress. */
  postForm<T>(url: string, body: Record<string, string | number | boolean | Blob> | FormData, onProgress?: Progress): Promise<T>;
  put<T>(url: string, body?: Body, config?: AxiosRequestConfig): Promise<T>;
  delete<T>(url: string, params?: Params, config?: AxiosRequestConfig): Promise<T>;
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

export function httpOf(client: AxiosInstance): Http {
  const data = <T>(request: Promise<AxiosResponse>) => request.then((r) => r.data as T);
  return {
    get: (url, params, config) => data(client.get(url, { ...config, params })),
    post: (url, body, config) => data(client.post(url, body, config)),
    postForm: (url, body, onProgress) =>
      data(
        client.post(url, formBody(body), {
          onUploadProgress: onProgress ? (e) => onProgress(e.total ? Math.round((e.loaded / e.total) * 100) : 0) : undefined,
        }),
      ),
    put: (url, body, config) => data(client.put(url, body, config)),
    delete: (url, params, config) => data(client.delete(url, { ...config, params })),
  };
}

/** A file from a blob client, named as the server's Content-Disposition says. */
export interface DownloadedFile {
  blob: Blob;
  filename?: string;
}

export async function fetchBlob(client: AxiosInstance, url: string, params?: Params, config?: AxiosRequestConfig): Promise<DownloadedFile> {
  const response = await client.request<Blob>({ method: 'GET', url, params, ...config, responseType: 'blob' });
  const disposition = String(response.headers['content-disposition'] ?? '');
  const match = /filename\*=UTF-8''([^;]+)|filename="?([^";]+)"?/i.exec(disposition);
  const filename = match ? decodeURIComponent(match[1] ?? match[2] ?? '') : undefined;
  return { blob: response.data, ...(filename ? { filename } : {}) };
}

/** Hands a downloaded file to the browser (Excel exports end in .xlsx, spec §9). */
export function saveFile(file: DownloadedFile, fallbackName: string): void {
  const href = URL.createObjectURL(file.blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = file.filename ?? fallbackName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
