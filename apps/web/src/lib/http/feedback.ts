import type { Envelope } from '@lightdesk/contract';
import { currentLanguage, i18n } from '../i18n';
import { notify } from '../notify';

/** The app hands the session-over case to its router; this default works without one. */
type SessionEnd = () => void;
let onSessionEnd: SessionEnd = () => {
  window.location.hash = '#/login';
};

export const setSessionEndHandler = (fn: SessionEnd) => {
  onSessionEnd = fn;
};
export const showError = (text: string) => notify.error(text);

let busyUntil = 0;
/**
 * An overloaded server refuses every call in flight at once: one "busy, try again" toast for the
 * wait it asks for (`seconds`, its Retry-After), not one per call.
 */
export function showBusy(text: string, seconds: number) {
  const now = Date.now();
  if (now < busyUntil) return;
  busyUntil = now + seconds * 1000;
  showError(text);
}

let endedToken: string | undefined;
/**
 * An envelope 401 ends the session it was sent with — once, however many calls carrying that
 * token were in flight. A later sign-in brings a new token, so no reset is needed.
 */
export function endSession(token: string): boolean {
  if (endedToken === token) return false;
  endedToken = token;
  onSessionEnd();
  return true;
}

/** A common-namespace text with an English default, for use before the strings have loaded. */
const text = (key: string, fallback: string, params?: Record<string, unknown>) => (i18n.exists(key) ? i18n.t(key, params) : fallback);

/**
 * The params of a message, a refused field's reason worded: a contract check may name the forms'
 * wording of it (`reasonKey`, e.g. `form.code` in the components namespace) beside the English reason.
 */
function wordedParams(params: Envelope['params']): Record<string, unknown> {
  const key = params?.reasonKey;
  if (typeof key !== 'string' || !i18n.exists(key, { ns: 'components' })) return { ...params };
  return { ...params, reason: i18n.t(key, { ns: 'components', field: params?.field }) };
}

/**
 * The text of a failed answer: the translation of the envelope's message key when this language has one,
 * else msg in Chinese / egMsg otherwise, else the client's default.
 */
export function envelopeText(envelope: Envelope<unknown>, fallback = 'Error'): string {
  if (envelope.key && i18n.exists(`error.${envelope.key}`)) return i18n.t(`error.${envelope.key}`, wordedParams(envelope.params));
  const raw = currentLanguage() === 'zh-CN' ? envelope.msg : envelope.egMsg;
  return raw || fallback;
}

export const networkFailedText = () => text('http.networkFailed', 'Network request failed');
export const genericErrorText = () => text('http.error', 'Error');
export const sessionEndedText = () => text('http.sessionEnded', 'Your session has ended. Please sign in again.');

/** The further client's defaults when the envelope has no message of its own. */
export function furtherDefaultText(code: number): string {
  switch (code) {
    case 401:
      return text('http.further.unauthorized', 'Authentication failed, the system resources cannot be accessed');
    case 403:
      return text('http.further.forbidden', 'The current operation has no permission');
    case 404:
      return text('http.further.notFound', 'The access resource does not exist');
    default:
      return text('http.further.unknown', 'The system does not know the error, please report the error to the administrator');
  }
}
