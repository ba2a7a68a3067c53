export {
  api,
  openApi,
  furtherApi,
  downloadFile,
  downloadFurtherFile,
  mainClient,
  openClient,
  downloadClient,
  furtherClient,
  furtherBlobClient,
  nestedParams,
} from './clients';
export { saveFile, type DownloadedFile, type Http, type Progress, type RequestOptions } from './client';
export { call, callForm, downloadExport, type CallArgs, type EndpointInput, type ExportEndpoint } from './endpoint';
export { ApiError, NetworkError, HttpStatusError } from './errors';
export { setSessionEndHandler, showError } from './feedback';
