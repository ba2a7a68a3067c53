import { COMPARISONS, type Comparison, type Period, type PeriodKind } from '@lightdesk/contract';
import DatePicker from 'antd/es/date-picker';
import Radio from 'antd/es/radio';
import Tooltip from 'antd/es/tooltip';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CALENDAR_KINDS, comparable, isCalendarKind, periodOf, QUICK_RANGES } from './period';

const PICKER = { day: 'date', week: 'week', month: 'month', year: 'year' } as const;

/** The "Compare with" choice's value for no comparison (a radio group needs a value for each button). */
const NONE = 'none';

export interface PeriodPickerProps {
  value: Period;
  onChange: (period: Period) => void;
  /** Quick ranges the screen does not offer (e.g. the last five minutes where figures are kept by the hour). */
  without?: readonly PeriodKind[];
}

/**
 * A calendar period (day, week, month, year) and the day it holds, or a quick range ending now;
 * and what to set it against: nothing, the period before, or the same period a year earlier.
 */
export function PeriodPicker({ value, onChange, without = [] }: PeriodPickerProps) {
  const { t } = useTranslation('analytics');
  const calendar = isCalendarKind(value.kind) ? value.kind : undefined;
  const anchor = value.date ? dayjs(value.date) : dayjs();
  // A new kind keeps the date (between calendar kinds) and the comparison, where the kind can have them.
  const choose = (kind: PeriodKind) => onChange(periodOf(kind, calendar ? value.date : undefined, value.compare));
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
          onChange={(day: Dayjs | null) => day && onChange(periodOf(calendar, day.format('YYYY-MM-DD'), value.compare))}
          data-testid="period-date"
        />
      )}
      <ComparePicker period={value} onChange={(compare) => onChange(periodOf(value.kind, value.date, compare))} />
    </div>
  );
}

/** "Compare with": each choice says, on hover, what it means for the period's kind ("the same weekday 52 weeks earlier"). */
function ComparePicker({ period, onChange }: { period: Period; onChange: (compare: Comparison | undefined) => void }) {
  const { t } = useTranslation('analytics');
  return (
    <span className="ld-compare-picker" data-testid="compare-picker">
      <span aria-hidden>{t('shared.compare.label')}</span>
      <Radio.Group
        optionType="button"
        aria-label={t('shared.compare.label')}
        value={period.compare ?? NONE}
        options={[
          { value: NONE, label: t('shared.compare.none') },
          ...COMPARISONS.map((compare) => ({
            value: compare,
            disabled: !comparable(period.kind, compare),
            label: (
              <Tooltip title={t(`shared.compare.hint.${compare}.${period.kind}`)}>
                <span data-testid={`compare-${compare}`}>{t(`shared.compare.${compare}`)}</span>
              </Tooltip>
            ),
          })),
        ]}
        onChange={(e) => onChange(e.target.value === NONE ? undefined : (e.target.value as Comparison))}
      />
    </span>
  );
}
