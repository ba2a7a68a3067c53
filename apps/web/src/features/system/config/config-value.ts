import type { ConfigValueType } from '@lightdesk/contract';

/** A parameter's value as its form control holds it: text, a number, or on/off. */
export type ControlValue = string | number | boolean | null | undefined;

/** The stored text → the control's value for that type. */
export function toControl(type: ConfigValueType, text: string): ControlValue {
  if (type === 'boolean') return text === 'true';
  if (type === 'number') return text.trim() === '' || !Number.isFinite(Number(text)) ? undefined : Number(text);
  return text;
}

/** The control's value → the text the contract stores (`true`/`false` for booleans). */
export function toText(type: ConfigValueType, value: ControlValue): string {
  if (type === 'boolean') return value ? 'true' : 'false';
  if (value === null || value === undefined) return '';
  return String(value);
}

/** What a new value of each type starts as when the type is switched. */
export const BLANK: Record<ConfigValueType, ControlValue> = { string: '', number: undefined, boolean: false, json: '' };
