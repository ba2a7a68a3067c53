import { tenantApi, type Page, type Tenant } from '@lightdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import Select from 'antd/es/select';
import { useDeferredValue, useState } from 'react';
import { readAuth } from '../lib/auth-token';
import { usePermission } from '../lib/permission';
import { resourceCache } from '../lib/resource-cache';

/** Agents are tenants (`/api/system/tenant/…`); the agents screen and every agent picker share this cache. */
export const tenantCache = resourceCache('system', 'tenant');

// The platform's own row is a tenant too; pickers offer agents.
const agentsOf = (page: Page<Tenant>) => page.list.filter((t) => t.type === 'agent');

/** Agents by name for a picker, disabled ones included (their logs and stores still matter). */
export const agentSearchQuery = (name: string) =>
  queryOptions({ ...tenantCache.query(tenantApi.page, { name: name || undefined, page: 1, limit: 50 }), select: agentsOf });

/**
 * Whether the signed-in person may pick an agent: platform staff who may list agents. An
 * agent's own staff only ever see their own agent's rows, so they get no picker.
 */
export function useMayPickAgent(): boolean {
  const { hasPermi } = usePermission();
  return readAuth()?.tenantType === 'platform' && hasPermi('system:tenant:query');
}

export interface AgentSelectProps {
  value?: number;
  onChange?: (value: number | undefined) => void;
  /** What no choice means where the picker is used (e.g. "the platform"). */
  placeholder: string;
  testId?: string;
  id?: string;
}

/** Picks one agent by name, searched on the server. */
export function AgentSelect({ value, onChange, placeholder, testId, id }: AgentSelectProps) {
  const [search, setSearch] = useState('');
  const name = useDeferredValue(search.trim());
  const agents = useQuery({ ...agentSearchQuery(name), staleTime: 30_000 });
  return (
    <Select<number>
      id={id}
      allowClear
      value={value}
      onChange={(next) => onChange?.(next)}
      placeholder={placeholder}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={agents.isFetching}
      options={(agents.data ?? []).map((a) => ({ value: a.id, label: `${a.name} (${a.code})` }))}
      notFoundContent={agents.isFetching ? null : undefined}
      style={{ width: 220 }}
      data-testid={testId}
    />
  );
}
