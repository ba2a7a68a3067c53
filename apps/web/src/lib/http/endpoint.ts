import type { AnswerOf, Endpoint, InputFor, PermissionAccess } from '@lightdesk/contract';
import { fetchBlob, type Client, type Http } from './client';
import { api, downloadClient, furtherApi, furtherBlobClient, openApi } from './clients';

/** The clients of an endpoint's surface (JSON, and files where the surface serves any), and the path relative to their base. */
function surfaceOf(path: string): { http: Http; files?: Client; relative: string } {
  if (path.startsWith('/api/v2/saas/web/')) return { http: furtherApi, files: furtherBlobClient, relative: path.slice('/api/v2/saas/web'.length) };
  if (path.startsWith('/api/')) return { http: api, files: downloadClient, relative: path.slice('/api'.length) };
  if (path.startsWith('/open/')) return { http: openApi, relative: path.slice('/open'.length) };
  throw new Error(`No client serves ${path}`);
}

/** The arguments after the endpoint: none when it takes no input. */
export type EndpointInput<E extends Endpoint> = InputFor<E> extends undefined ? [] : [input: InputFor<E>];

/**
 * Calls an endpoint declared in the contract: the path, method and surface come from the
 * declaration, so a call cannot drift from the server. The query goes in the query string
 * for GET and DELETE, the input is the body otherwise.
 */
export function call<E extends Endpoint>(endpoint: E, ...[input]: EndpointInput<E>): Promise<AnswerOf<E>> {
  const { http, relative } = surfaceOf(endpoint.path);
  const data = input as Record<string, unknown> | undefined;
  switch (endpoint.method) {
    case 'GET':
      return http.get<AnswerOf<E>>(relative, data);
    case 'DELETE':
      return http.delete<AnswerOf<E>>(relative, data);
    case 'POST':
      return http.post<AnswerOf<E>>(relative, data);
    case 'PUT':
      return http.put<AnswerOf<E>>(relative, data);
  }
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
