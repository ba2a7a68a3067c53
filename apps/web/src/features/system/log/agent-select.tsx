import { useQuery } from '@tanstack/react-query';
import Select from 'antd/es/select';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { controlFilter, type FilterConfig } from '../../../components/list-filters';
import { readAuth } from '../../../lib/auth-token';
import { usePermission } from '../../../lib/permission';
import { agentSearchQuery } from '../tenant/api';

export interface AgentSelectProps {
  value?: number;
  onChange?: (value: number | undefined) => void;
  placeholder?: string;
}

/**
 * Picks one agent by name (searched on the server, disabled agents included): platform staff
 * read an agent's log rows by naming it; without one they read the platform's own rows.
 */
export function AgentSelect({ value, onChange, placeholder }: AgentSelectProps) {
  const { t } = useTranslation('system');
  const [search, setSearch] = useState('');
  const name = useDeferredValue(search.trim());
  const agents = useQuery({ ...agentSearchQuery(name), staleTime: 30_000 });
  return (
    <Select<number>
      allowClear
      value={value}
      onChange={(next) => onChange?.(next)}
      placeholder={placeholder ?? t('log.agent.platform')}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={agents.isFetching}
      options={(agents.data ?? []).map((a) => ({ value: a.id, label: `${a.name} (${a.code})` }))}
      notFoundContent={agents.isFetching ? null : undefined}
      style={{ width: 220 }}
      data-testid="log-agent-filter"
    />
  );
}

/**
 * The agent filter, for platform staff who may list agents (`tenantId` of the log queries);
 * agents' own staff only ever read their own rows, so they get none.
 */
export function useAgentFilter(): FilterConfig[] {
  const { t } = useTranslation('system');
  const { hasPermi } = usePermission();
  const platform = readAuth()?.tenantType === 'platform';
  if (!platform || !hasPermi('system:tenant:query')) return [];
  return [controlFilter('tenantId', t('log.agent.label'), <AgentSelect placeholder={t('log.agent.platform')} />)];
}
