import { callPath, type AnswerOf, type Endpoint, type InputFor, type PermissionAccess } from '@lightdesk/contract';
import { fetchBlob, type Client, type Http, type Progress, type RequestOptions } from './client';
import { api, downloadClient, furtherApi, furtherBlobClient, openApi } from './clients';

/** The clients of an endpoint's surface (JSON, and files where the surface serves any), and the path relative to their base. */
function surfaceOf(path: string): { http: Http; files?: Client; relative: string } {
  if (path.startsWith('/api/v2/saas/web/')) return { http: furtherApi, files: furtherBlobClient, relative: path.slice('/api/v2/saas/web'.length) };
  if (path.startsWith('/api/')) return { http: api, files: downloadClient, relative: path.slice('/api'.length) };
  if (path.startsWith('/open/')) return { http: openApi, relative: path.slice('/open'.length) };
  throw new Error(`No client serves ${path}`);
}

/** The input of an endpoint: none when it takes no input. */
export type EndpointInput<E extends Endpoint> = InputFor<E> extends undefined ? [] : [input: InputFor<E>];
/** The arguments after the endpoint: its input (`undefined` when it takes none), then request options. */
export type CallArgs<E extends Endpoint> =
  InputFor<E> extends undefined ? [input?: undefined, options?: RequestOptions] : [input: InputFor<E>, options?: RequestOptions];

/**
 * Calls an endpoint declared in the contract: the path, method and surface come from the
 * declaration, so a call cannot drift from the server. Path parameters are filled from the
 * input; the rest goes in the query string for GET and DELETE, and is the body otherwise.
 */
export function call<E extends Endpoint>(endpoint: E, ...[input, options]: CallArgs<E>): Promise<AnswerOf<E>> {
  const { path, rest } = callPath(endpoint, input);
  const { http, relative } = surfaceOf(path);
  const data = rest as Record<string, unknown> | undefined;
  switch (endpoint.method) {
    case 'GET':
      return http.get<AnswerOf<E>>(relative, data, options);
    case 'DELETE':
      return http.delete<AnswerOf<E>>(relative, data, options);
    case 'POST':
      return http.post<AnswerOf<E>>(relative, data, options);
    case 'PUT':
      return http.put<AnswerOf<E>>(relative, data, options);
  }
}

/**
 * Posts a form to an endpoint whose body no schema describes (a file upload such as
 * `staffApi.updateAvatar`): multipart when it holds files, reporting upload progress.
 */
export function callForm<E extends Endpoint<'POST'>>(
  endpoint: E,
  form: Record<string, string | number | boolean | Blob>,
  onProgress?: Progress,
  /** The endpoint's path parameters (`{ storeId }` for `/stores/:storeId/floor-plan`). */
  params?: Record<string, string | number>,
): Promise<AnswerOf<E>> {
  const { http, relative } = surfaceOf(params ? callPath(endpoint, params).path : endpoint.path);
  return http.postForm<AnswerOf<E>>(relative, form, onProgress);
}

/** A list's Excel export (`postApi.exportExcel`): a GET answering a file, guarded by a permission. */
export type ExportEndpoint = Endpoint<'GET', Endpoint['query'], undefined, undefined, PermissionAccess>;

/**
 * Downloads an export with the list's filters, reporting bytes as they arrive (components/export-button
 * DownloadFn): streamed exports have no length, so `total` may be absent.
 */
export async function downloadExport(
  endpoint: ExportEndpoint,
  params: Record<string, string>,
  onProgress: (loaded: number, total?: number) => void,
): Promise<Blob> {
  const { files, relative } = surfaceOf(endpoint.path);
  if (!files) throw new Error(`No file client serves ${endpoint.path}`);
  return (await fetchBlob(files, relative, params, onProgress)).blob;
}
