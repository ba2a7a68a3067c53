import type { ColumnsType, ColumnType } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from './dict-tag';
import type { ListSort } from './list-url-state';

export interface ColumnOptions<Row> extends Partial<ColumnType<Row>> {
  /**
   * The server sorts the list by this column: its key must be one of the resource's sortable
   * keys (the server refuses others). A header click asks for ascending, descending, then the
   * default order again.
   */
  sortable?: boolean;
}

/**
 * Column helpers: a list screen's columns read as a list of fields (STYLE: "mostly configuration").
 * Name the row type, `col<Staff>('username', …)`: `key` is NoInfer so a key alone cannot
 * invent a row type, and a misspelt key is a type error.
 */
export const col = <Row,>(key: NoInfer<keyof Row & string>, title: ReactNode, { sortable, ...extra }: ColumnOptions<Row> = {}): ColumnType<Row> => ({
  key,
  dataIndex: key,
  title,
  // `true` tells antd the order comes from outside (the server), not from sorting the rows at hand.
  ...(sortable && { sorter: true }),
  ...extra,
});

/** A dictionary value as its coloured tag. */
export const dictCol = <Row,>(key: NoInfer<keyof Row & string>, title: ReactNode, dictType: string, extra: ColumnOptions<Row> = {}): ColumnType<Row> =>
  col<Row>(key, title, {
    render: (value: unknown) => <DictTag type={dictType} value={typeof value === 'string' || typeof value === 'number' ? String(value) : undefined} />,
    ...extra,
  });

/** One line, cut with "…" at its width: a table sizes its columns to their content, so the cut is the text's own. */
const oneLine = { display: 'inline-block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', verticalAlign: 'bottom' } as const;

/**
 * Free text of any length (a remark, a feedback message, an address) on one line of at most
 * `width` pixels, cut with "…"; the whole of it shows on hover. Lists stay readable without the
 * long columns pushing status and actions off the screen. Empty text shows as "—".
 */
export function LongText({ text, width, type }: { text: string | null | undefined; width: number; type?: 'secondary' | 'danger' }) {
  if (!text) return <>—</>;
  return (
    <Tooltip title={text} placement="topLeft">
      <Typography.Text type={type} style={{ ...oneLine, maxWidth: width }} data-testid="long-text">
        {text}
      </Typography.Text>
    </Tooltip>
  );
}

/** Long text cuts at this width unless a column says otherwise. */
export const LONG_TEXT_WIDTH = 240;

/** A column of long free text (`LongText`), cut at `width` pixels. */
export const textCol = <Row,>(
  key: NoInfer<keyof Row & string>,
  title: ReactNode,
  { width = LONG_TEXT_WIDTH, ...extra }: Omit<ColumnOptions<Row>, 'width'> & { width?: number } = {},
): ColumnType<Row> =>
  col<Row>(key, title, { render: (value: unknown) => <LongText text={typeof value === 'string' ? value : undefined} width={width} />, ...extra });

/** An ISO-8601 timestamp in the reader's language and time zone. */
export const dateCol = <Row,>(key: NoInfer<keyof Row & string>, title: ReactNode, extra: ColumnOptions<Row> = {}): ColumnType<Row> =>
  col<Row>(key, title, { width: 180, render: (value: unknown) => <DateTime value={typeof value === 'string' ? value : undefined} />, ...extra });

const sortsOnServer = <Row,>(column: ColumnsType<Row>[number]) => column.sorter === true && column.key !== undefined;

/** The keys a list may sort by: those of its sortable columns. */
export const sortKeysOf = <Row,>(columns: ColumnsType<Row>): string[] => columns.flatMap((c) => (sortsOnServer(c) ? [String(c.key)] : []));

/** The columns with antd's sort indicator on the one the list is sorted by. */
export const withSortShown = <Row,>(columns: ColumnsType<Row>, sort: ListSort | undefined): ColumnsType<Row> =>
  columns.map((c) => (sortsOnServer(c) ? { ...c, sortOrder: sort && sort.by === c.key ? (sort.order === 'asc' ? 'ascend' : 'descend') : null } : c));

/** The order a header click asks for; none when the click went back to the default order. */
export function sortAsked<Row>(sorter: SorterResult<Row> | SorterResult<Row>[]): ListSort | undefined {
  const [first] = Array.isArray(sorter) ? sorter : [sorter];
  if (!first?.order || first.columnKey === undefined) return undefined;
  return { by: String(first.columnKey), order: first.order === 'ascend' ? 'asc' : 'desc' };
}

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
