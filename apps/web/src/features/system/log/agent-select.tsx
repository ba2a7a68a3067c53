import { useTranslation } from 'react-i18next';
import { AgentSelect, useMayPickAgent } from '../../../components/agent-select';
import { controlFilter, type FilterConfig } from '../../../components/list-filters';

/**
 * The agent filter (`tenantId` of the log queries): platform staff read an agent's rows by
 * naming it, and without one the platform's own rows.
 */
export function useAgentFilter(): FilterConfig[] {
  const { t } = useTranslation('system');
  if (!useMayPickAgent()) return [];
  return [controlFilter('tenantId', t('log.agent.label'), <AgentSelect placeholder={t('log.agent.platform')} testId="log-agent-filter" />)];
}
