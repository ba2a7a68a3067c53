import type { ZoneState } from '@lightdesk/contract';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';

const COLOR: Record<ZoneState, string> = { ok: 'success', above: 'error', below: 'warning', unknown: 'default' };

/** Whether the people in a store or zone are within its limits. */
export function StateTag({ state }: { state: ZoneState }) {
  const { t } = useTranslation('analytics');
  return (
    <Tag color={COLOR[state]} data-testid="people-state" data-state={state}>
      {t(`shared.state.${state}`)}
    </Tag>
  );
}

/** A store's or zone's limits as text: "max 40 · min 2", or that none is set. */
export function useLimitsText() {
  const { t } = useTranslation('analytics');
  return (limits: { maxPeople: number | null; minPeople: number | null }) =>
    [
      limits.maxPeople !== null ? t('shared.limits.max', { value: limits.maxPeople }) : '',
      limits.minPeople !== null ? t('shared.limits.min', { value: limits.minPeople }) : '',
    ]
      .filter(Boolean)
      .join(' · ') || t('shared.limits.none');
}
