import { ResultCode } from '@lightdesk/contract';
import { ApiError, showError } from '../../../lib/http';

/**
 * The HTTP client shows every failure but a rule refusal (555), which the screen is to tell:
 * this shows that one's text (translated from its message key) as the client shows the others,
 * and fails on, so the action is not taken for done. `deleteX(id).catch(showRefusal)`.
 */
export function showRefusal(error: unknown): never {
  if (error instanceof ApiError && error.code === ResultCode.refusal) showError(error.text);
  throw error;
}
