export {
  api,
  openApi,
  furtherApi,
  downloadFile,
  downloadFurtherFile,
  downloadWithProgress,
  mainClient,
  openClient,
  downloadClient,
  furtherClient,
  furtherBlobClient,
  nestedParams,
} from './clients';
export { saveFile, type DownloadedFile, type Http, type Progress } from './client';
export { ApiError, NetworkError, HttpStatusError } from './errors';
export { setSessionEndHandler, showError } from './feedback';
