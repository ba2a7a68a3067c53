import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/panel';
import type { Language } from '../../../lib/i18n/languages';
import { formatNumber } from '../../../lib/i18n/ui-locale';
import { registrationStatsQuery } from './api';

const FIGURES = ['registeredToday', 'registeredLast7Days', 'totalUsers'] as const;

/** App user registrations above the feedback: today, the last seven days (UTC days), all. */
export function FeedbackStats() {
  const { t, i18n } = useTranslation('store');
  const { data } = useQuery(registrationStatsQuery());
  return (
    <div className="feedback-stats" data-testid="feedback-stats">
      {FIGURES.map((figure) => (
        <Panel key={figure} title={t(`feedback.stats.${figure}`)} data-testid={`feedback-stat-${figure}`}>
          <p className="feedback-stat-value">{data ? formatNumber(data[figure], i18n.language as Language) : '—'}</p>
        </Panel>
      ))}
    </div>
  );
}
