import { formatMessage, messages, type Envelope } from '@lightdesk/contract';
import type { AppError } from './errors';

export const ok = <T>(data: T): Envelope<T> => ({ code: 200, msg: '', egMsg: '', data });

export function failure(error: AppError): Envelope<null> {
  const text = messages[error.key];
  return {
    code: error.code,
    msg: formatMessage(text.zh, error.params),
    egMsg: formatMessage(text.en, error.params),
    key: error.key,
    params: error.params,
    data: null,
  };
}
