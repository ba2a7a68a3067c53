import type { CalibrationCategory } from '@lightdesk/contract';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<CalibrationCategory, string> = {
  'shipped-not-activated': 'gold',
  'activated-not-shipped': 'blue',
  'country-mismatch': 'red',
};

export function CategoryTag({ value }: { value: CalibrationCategory }) {
  const { t } = useTranslation('device');
  return <Tag color={COLOURS[value]}>{t(`calibration.category.${value}`)}</Tag>;
}
