import CalendarOutlined from '@ant-design/icons/CalendarOutlined';
import type { RangePickerProps } from 'antd/es/date-picker';
import Input from 'antd/es/input';
import { useLocale } from 'antd/es/locale';
import { Suspense, useState } from 'react';
import { lazyScreen } from '../lib/lazy';

const loadRangePicker = () => import('antd/es/date-picker').then((m) => ({ default: m.default.RangePicker }));
const RangePicker = lazyScreen<RangePickerProps>(loadRangePicker);
const WIDTH = 260;

/**
 * A day-range field. The date picker (with dayjs's calendar) is the heaviest control of a
 * search form and most visits never open it, so until someone points at or focuses the field a
 * plain input of the same size and wording stands in for it; then the picker loads and opens.
 * A field that holds a value shows the picker at once. Value and onChange (from Form.Item) pass
 * straight through to the picker.
 */
export function DateRangeInput(props: RangePickerProps) {
  const [{ lang }] = useLocale('DatePicker');
  const [wanted, setWanted] = useState(false);
  const [start, end] = lang.rangePlaceholder ?? ['', ''];
  const standIn = (
    <Input
      readOnly
      id={typeof props.id === 'string' ? props.id : undefined}
      data-testid="date-range-stand-in"
      placeholder={`${start} → ${end}`}
      suffix={<CalendarOutlined />}
      style={{ width: WIDTH }}
      // Pointing at the field starts the download, so the picker is usually there by the click.
      onMouseEnter={() => void loadRangePicker()}
      onFocus={() => setWanted(true)}
    />
  );
  if (!wanted && !props.value) return standIn;
  return (
    <Suspense fallback={standIn}>
      <RangePicker {...props} style={{ width: WIDTH }} autoFocus={wanted} defaultOpen={wanted} />
    </Suspense>
  );
}
