import Tag from 'antd/es/tag';
import { useDictStore } from './dict-store';
import { useDictLabel } from './use-dict';

/** Dictionary colour types (the original's Element UI names) → antd Tag colours. */
const TAG_COLOURS: Record<string, string | undefined> = {
  primary: 'processing',
  success: 'success',
  info: 'default',
  warning: 'warning',
  danger: 'error',
  default: 'default',
};

export const tagColour = (colorType: string): string | undefined => TAG_COLOURS[colorType];

export interface DictTagProps {
  type: string;
  value: string | number | boolean | null | undefined;
}

/** A dictionary value shown as a coloured tag, like the status badges of ant-design-pro. */
export function DictTag({ type, value }: DictTagProps) {
  const text = value === null || value === undefined ? '' : String(value);
  const entry = useDictStore((s) => s.entry(type, text));
  const label = useDictLabel();
  if (text === '') return null;
  return (
    <Tag color={entry ? tagColour(entry.colorType) : undefined} className={entry?.cssClass || undefined} data-dict-type={type} data-dict-value={text}>
      {label(type, text)}
    </Tag>
  );
}
