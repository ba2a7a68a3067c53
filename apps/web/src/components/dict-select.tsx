import Select, { type SelectProps } from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { useDictEntries, useDictLabel } from './use-dict';

export interface DictSelectProps extends Omit<SelectProps<string>, 'options' | 'mode'> {
  type: string;
}

/** A select over one dictionary type's entries, labelled in the current language. */
export function DictSelect({ type, placeholder, allowClear = true, ...rest }: DictSelectProps) {
  const { t } = useTranslation('components');
  const entries = useDictEntries(type);
  const label = useDictLabel();
  return (
    <Select<string>
      allowClear={allowClear}
      placeholder={placeholder ?? t('select.placeholder')}
      options={entries.map((d) => ({ value: d.value, label: label(type, d.value) }))}
      {...rest}
    />
  );
}
