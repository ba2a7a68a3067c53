import SearchOutlined from '@ant-design/icons/SearchOutlined';
import SyncOutlined from '@ant-design/icons/SyncOutlined';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { cloneElement, useEffect, useId, useRef, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeInput } from './date-range-input';
import { DictSelect } from './dict-select';
import { filterValues } from './list-url-state';

/** One field of a list screen's search form; `name` is the query parameter it fills. */
export type FilterConfig =
  | { kind: 'text'; name: string; label: ReactNode }
  | { kind: 'dict'; name: string; label: ReactNode; dictType: string }
  | { kind: 'dateRange'; name: string; label: ReactNode; from: string; to: string }
  /** Any input control whose value is a string or number (a select of fixed choices, a remote search…). */
  | { kind: 'control'; name: string; label: ReactNode; control: ReactElement };

export interface FilterOption {
  value: string | number;
  label: ReactNode;
}

export const textFilter = (name: string, label: ReactNode): FilterConfig => ({ kind: 'text', name, label });
export const dictFilter = (name: string, label: ReactNode, dictType: string): FilterConfig => ({ kind: 'dict', name, label, dictType });
/** A choice among fixed values that no dictionary holds (an enum of the contract, result codes…). */
export const selectFilter = (name: string, label: ReactNode, options: readonly FilterOption[]): FilterConfig => ({
  kind: 'control',
  name,
  label,
  control: <Select allowClear options={[...options]} style={{ width: 200 }} />,
});
/** A filter with its own control, e.g. a select that searches the server. */
export const controlFilter = (name: string, label: ReactNode, control: ReactElement): FilterConfig => ({ kind: 'control', name, label, control });
/** A day range sent as two timestamps, `<name>From` and `<name>To` unless named otherwise. */
export const dateRangeFilter = (name: string, label: ReactNode, params: { from?: string; to?: string } = {}): FilterConfig => ({
  kind: 'dateRange',
  name,
  label,
  from: params.from ?? `${name}From`,
  to: params.to ?? `${name}To`,
});

/** The part of a picker's day value used here (antd's pickers hand over dayjs objects). */
interface DayValue {
  startOf: (unit: 'day') => DayValue;
  endOf: (unit: 'day') => DayValue;
  toISOString: () => string;
}
export type FilterValues = Record<string, unknown>;
export type FilterParams = Record<string, string>;

const isDayRange = (v: unknown): v is [DayValue, DayValue] =>
  Array.isArray(v) && v.length === 2 && v.every((d: unknown) => typeof d === 'object' && d !== null && 'toISOString' in d);

/**
 * Form values → query parameters: text trimmed, empty fields left out, a day range
 * from the start of its first day to the end of its last in the user's time zone,
 * sent as ISO-8601 UTC like every timestamp the API takes.
 */
export function filterParams(filters: readonly FilterConfig[], values: FilterValues): FilterParams {
  const params: FilterParams = {};
  for (const filter of filters) {
    const value = values[filter.name];
    if (filter.kind === 'dateRange') {
      if (isDayRange(value)) {
        params[filter.from] = value[0].startOf('day').toISOString();
        params[filter.to] = value[1].endOf('day').toISOString();
      }
    } else if (typeof value === 'string' || typeof value === 'number') {
      const text = String(value).trim();
      if (text !== '') params[filter.name] = text;
    }
  }
  return params;
}

/**
 * The input for one filter. A plain function, not a component: Form.Item hands value
 * and onChange to its direct child, which must be the control itself.
 */
function filterControl(filter: FilterConfig, placeholder: string, choose: string) {
  switch (filter.kind) {
    case 'text':
      return <Input allowClear placeholder={placeholder} style={{ width: 200 }} />;
    case 'dict':
      return <DictSelect type={filter.dictType} style={{ width: 200 }} />;
    case 'dateRange':
      return <DateRangeInput />;
    case 'control': {
      // Controls made outside React's tree cannot translate their own placeholder.
      const control = filter.control as ReactElement<{ placeholder?: ReactNode }>;
      return control.props.placeholder === undefined ? cloneElement(control, { placeholder: choose }) : control;
    }
  }
}

export interface SearchFormProps {
  filters: readonly FilterConfig[];
  /** The filters applied now (e.g. from the address): the fields show them. */
  values?: FilterParams;
  onSearch: (params: FilterParams) => void;
}

/** The search form above a list: the configured filters, Search and Reset. */
export function SearchForm({ filters, values, onSearch }: SearchFormProps) {
  const { t } = useTranslation('components');
  const [form] = Form.useForm<FilterValues>();
  // A form name prefixes the field ids: screens kept alive behind the one shown have search forms
  // with fields of the same names, and a label must point at its own form's field.
  const name = `list-search${useId()}`;
  // Filters applied from elsewhere (a link, back and forward) show in the fields; text typed but
  // not searched yet stays while they do not change (a kept-alive screen shown again).
  const applied = JSON.stringify(values ?? {});
  const shown = useRef<string>(undefined);
  useEffect(() => {
    if (shown.current === applied) return;
    shown.current = applied;
    form.setFieldsValue(filterValues(filters, JSON.parse(applied) as FilterParams));
  }, [form, filters, applied]);
  return (
    <Form
      form={form}
      name={name}
      layout="inline"
      data-testid="list-search"
      style={{ rowGap: 12, marginBottom: 16 }}
      onFinish={(values) => onSearch(filterParams(filters, values))}
    >
      {filters.map((filter) => (
        <Form.Item key={filter.name} name={filter.name} label={filter.label}>
          {filterControl(filter, t('search.enter'), t('select.placeholder'))}
        </Form.Item>
      ))}
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('search.search')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button
          icon={<SyncOutlined />}
          onClick={() => {
            form.resetFields();
            onSearch({});
          }}
        >
          {t('search.reset')}
        </Button>
      </Form.Item>
    </Form>
  );
}
