import Radio, { type RadioGroupProps } from 'antd/es/radio';
import { useDictEntries, useDictLabel } from './use-dict';

export interface DictRadioProps extends Omit<RadioGroupProps, 'options'> {
  type: string;
}

/**
 * A dictionary's few choices (status, sex, data scope) as radio buttons. The contract's fields
 * are numbers while dictionary values are text, so the values here are numbers.
 */
export function DictRadio({ type, ...rest }: DictRadioProps) {
  const entries = useDictEntries(type);
  const label = useDictLabel();
  return <Radio.Group options={entries.map((d) => ({ value: Number(d.value), label: label(type, d.value) }))} {...rest} />;
}
