import type { FormInstance } from 'antd/es/form';
import { ApiError } from '../lib/http';

/**
 * A refused save whose answer names a field (400 bad input, 409 duplicate: `params.field`)
 * is also shown under that field when the form shows it (`fields`), so the person sees where
 * to look. A path into a field (`thingModel.properties[2].name`) is shown under the field
 * that holds it, the text naming the path. The HTTP client has already shown the toast.
 * True when a field was marked.
 */
export function showServerFieldError(form: FormInstance, error: unknown, fields: readonly string[]): boolean {
  if (!(error instanceof ApiError)) return false;
  const field = error.envelope.params?.field;
  if (typeof field !== 'string') return false;
  const shown = fields.includes(field) ? field : field.split(/[.[]/)[0]!;
  if (!fields.includes(shown)) return false;
  form.setFields([{ name: shown, errors: [error.text] }]);
  return true;
}
