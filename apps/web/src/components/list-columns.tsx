import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from './dict-tag';

/**
 * Column helpers: a list screen's columns read as a list of fields (STYLE: "mostly configuration").
 * Name the row type, `col<Staff>('username', …)`: `key` is NoInfer so a key alone cannot
 * invent a row type, and a misspelt key is a type error.
 */
export const col = <Row,>(key: NoInfer<keyof Row & string>, title: ReactNode, extra: Partial<ColumnType<Row>> = {}): ColumnType<Row> => ({
  key,
  dataIndex: key,
  title,
  ...extra,
});

/** A dictionary value as its coloured tag. */
export const dictCol = <Row,>(key: NoInfer<keyof Row & string>, title: ReactNode, dictType: string, extra: Partial<ColumnType<Row>> = {}): ColumnType<Row> =>
  col<Row>(key, title, {
    render: (value: unknown) => <DictTag type={dictType} value={typeof value === 'string' || typeof value === 'number' ? String(value) : undefined} />,
    ...extra,
  });

/** An ISO-8601 timestamp in the reader's language and time zone. */
export const dateCol = <Row,>(key: NoInfer<keyof Row & string>, title: ReactNode, extra: Partial<ColumnType<Row>> = {}): ColumnType<Row> =>
  col<Row>(key, title, { width: 180, render: (value: unknown) => <DateTime value={typeof value === 'string' ? value : undefined} />, ...extra });

const formats = new Map<string, Intl.DateTimeFormat>();
const formatFor = (language: string) => {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formats.set(language, format);
  }
  return format;
};

export function DateTime({ value }: { value: string | undefined }) {
  const { i18n } = useTranslation('components');
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <>{value}</>;
  return <time dateTime={value}>{formatFor(i18n.language).format(date)}</time>;
}
