import { DictType, loginLogApi, type LoginKind, type LoginLog } from '@lightdesk/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { col, dateCol, dictCol } from '../../../components/list-columns';
import { dateRangeFilter, dictFilter, selectFilter, textFilter } from '../../../components/list-filters';
import { ListPage } from '../../../components/list-page';
import { UserAgentText } from '../../../components/user-agent';
import { useAgentFilter } from './agent-select';
import { loginLogPageQuery, loginLogCache } from './api';

/** Each kind once: the record's type fails to check when the contract gains or loses one (no zod at run time). */
const KINDS = Object.keys({
  password: 1,
  sms: 1,
  social: 1,
  logout: 1,
  'password-change': 1,
  cancellation: 1,
  'app-password': 1,
} satisfies Record<LoginKind, 1>) as LoginKind[];

/** Login log: every sign-in attempt, sign-out and password change, read-only. */
export function LoginLogPage() {
  const { t } = useTranslation('system');
  const agentFilter = useAgentFilter();
  const columns = useMemo(
    () => [
      dateCol<LoginLog>('createdAt', t('log.field.time'), { sortable: true }),
      col<LoginLog>('username', t('log.field.username'), { sortable: true }),
      dictCol<LoginLog>('result', t('log.field.result'), DictType.loginResult, { sortable: true }),
      col<LoginLog>('kind', t('log.field.kind'), { render: (kind: LoginKind) => t(`log.kind.${kind}`) }),
      col<LoginLog>('ip', t('log.field.ip'), { sortable: true }),
      col<LoginLog>('userAgent', t('log.field.userAgent'), { render: (ua: string) => <UserAgentText value={ua} /> }),
    ],
    [t],
  );
  return (
    <ListPage
      query={loginLogPageQuery}
      cache={loginLogCache}
      columns={columns}
      filters={[
        ...agentFilter,
        textFilter('username', t('log.field.username')),
        textFilter('ip', t('log.field.ip')),
        dictFilter('result', t('log.field.result'), DictType.loginResult),
        selectFilter(
          'kind',
          t('log.field.kind'),
          KINDS.map((kind) => ({ value: kind, label: t(`log.kind.${kind}`) })),
        ),
        dateRangeFilter('created', t('log.field.time')),
      ]}
      actions={{ export: { endpoint: loginLogApi.exportExcel, fileName: t('log.exportFile.login') } }}
    />
  );
}
