import type { Period, PeriodKind } from '@lightdesk/contract';
import DatePicker from 'antd/es/date-picker';
import Radio from 'antd/es/radio';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CALENDAR_KINDS, isCalendarKind, QUICK_RANGES } from './period';

const PICKER = { day: 'date', week: 'week', month: 'month', year: 'year' } as const;

export interface PeriodPickerProps {
  value: Period;
  onChange: (period: Period) => void;
  /** Quick ranges the screen does not offer (e.g. the last five minutes where figures are kept by the hour). */
  without?: readonly PeriodKind[];
}

/** A calendar period (day, week, month, year) and the day it holds, or a quick range ending now. */
export function PeriodPicker({ value, onChange, without = [] }: PeriodPickerProps) {
  const { t } = useTranslation('analytics');
  const calendar = isCalendarKind(value.kind) ? value.kind : undefined;
  const anchor = value.date ? dayjs(value.date) : dayjs();
  const choose = (kind: PeriodKind) => onChange(isCalendarKind(kind) && calendar && value.date ? { kind, date: value.date } : { kind });
  return (
    <div className="ld-period-picker" data-testid="period-picker">
      <Radio.Group
        optionType="button"
        aria-label={t('shared.period.calendar')}
        value={calendar}
        options={CALENDAR_KINDS.map((kind) => ({ value: kind, label: t(`shared.period.kind.${kind}`) }))}
        onChange={(e) => choose(e.target.value as PeriodKind)}
      />
      <Radio.Group
        optionType="button"
        aria-label={t('shared.period.quick')}
        value={calendar ? undefined : value.kind}
        options={QUICK_RANGES.filter((kind) => !without.includes(kind)).map((kind) => ({ value: kind, label: t(`shared.period.kind.${kind}`) }))}
        onChange={(e) => choose(e.target.value as PeriodKind)}
      />
      {calendar && (
        <DatePicker
          picker={PICKER[calendar]}
          value={anchor}
          allowClear={false}
          aria-label={t('shared.period.date')}
          disabledDate={(day: Dayjs) => day.isAfter(dayjs(), 'day')}
          onChange={(day: Dayjs | null) => day && onChange({ kind: calendar, date: day.format('YYYY-MM-DD') })}
          data-testid="period-date"
        />
      )}
    </div>
  );
}
