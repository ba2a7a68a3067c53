import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/panel';
import { RouteLink } from '../../components/route-link';
import type { Language } from '../../lib/i18n/languages';
import { formatDateTime } from '../../lib/i18n/ui-locale';
import { usePermission } from '../../lib/permission';
import { recentFeedbackQuery } from './api';
import { PanelState } from './panel-state';
import { useScreenPath } from './screen-link';

/** The latest feedback from the app's people, linking to the feedback screen. */
export function RecentFeedback() {
  const { t, i18n } = useTranslation('workbench');
  const allowed = usePermission().hasPermi('workbench:feedback:query');
  const query = useQuery({ ...recentFeedbackQuery(), enabled: allowed });
  const path = useScreenPath('Feedback');
  if (!allowed) return null;
  return (
    <Panel title={path ? <RouteLink to={path}>{t('feedback.title')}</RouteLink> : t('feedback.title')} data-testid="home-feedback">
      <PanelState query={query} isEmpty={(page) => page.list.length === 0} empty={t('feedback.none')}>
        {(page) => (
          <ul className="workbench-list">
            {page.list.map((f) => (
              <li key={f.id}>
                <span className="workbench-list-main">
                  {f.content}
                  <small>{f.nickname || f.email}</small>
                </span>
                <span className="workbench-list-side">
                  {f.handledAt ? t('feedback.handled') : <strong>{t('feedback.awaiting')}</strong>}
                  <small>{formatDateTime(f.createdAt, i18n.language as Language)}</small>
                </span>
              </li>
            ))}
          </ul>
        )}
      </PanelState>
    </Panel>
  );
}
