import { accountCancellationApi, type AccountCancellation, type AccountKind, type CancellationStatus } from '@lightdesk/contract';
import Tag from 'antd/es/tag';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { col, dateCol, textCol } from '../../../components/list-columns';
import { selectFilter, textFilter } from '../../../components/list-filters';
import { ListPage } from '../../../components/list-page';
import { cancellationCache, cancellationPageQuery } from './api';

const STATUS_COLOURS: Record<CancellationStatus, string> = { pending: 'warning', withdrawn: 'default', completed: 'success' };
// Request ids repeat across the two kinds of account.
const rowKey = (c: AccountCancellation) => `${c.accountKind}-${c.id}`;

/**
 * Administration › Account cancellations: staff's and app users' requests to cancel their
 * accounts, pending until the purge deletes the personal data after the grace period, or
 * withdrawn (an app user's withdrawal, a staff account enabled again).
 */
export function CancellationPage() {
  const { t } = useTranslation('store');
  const statuses = useMemo(
    () =>
      ({ pending: t('cancellation.pending'), withdrawn: t('cancellation.withdrawn'), completed: t('cancellation.completed') }) satisfies Record<
        CancellationStatus,
        string
      >,
    [t],
  );
  const kinds = useMemo(() => ({ staff: t('cancellation.staff'), 'app-user': t('cancellation.appUser') }) satisfies Record<AccountKind, string>, [t]);

  const columns = useMemo(
    () => [
      // Whose account and where its cancellation stands first; how to reach them last.
      col<AccountCancellation>('email', t('cancellation.email')),
      col<AccountCancellation>('username', t('cancellation.username')),
      col<AccountCancellation>('status', t('cancellation.status'), {
        width: 110,
        render: (_: unknown, c: AccountCancellation) => <Tag color={STATUS_COLOURS[c.status]}>{statuses[c.status]}</Tag>,
      }),
      col<AccountCancellation>('accountKind', t('cancellation.kind'), { width: 110, render: (_: unknown, c: AccountCancellation) => kinds[c.accountKind] }),
      dateCol<AccountCancellation>('requestedAt', t('cancellation.requestedAt'), { sortable: true }),
      dateCol<AccountCancellation>('purgeAfter', t('cancellation.purgeAfter'), { sortable: true }),
      textCol<AccountCancellation>('reason', t('cancellation.reason'), { width: 200 }),
      col<AccountCancellation>('nickname', t('cancellation.nickname')),
      col<AccountCancellation>('mobile', t('cancellation.mobile')),
    ],
    [t, statuses, kinds],
  );

  return (
    <ListPage
      query={cancellationPageQuery}
      cache={cancellationCache}
      rowKey={rowKey}
      filters={[
        textFilter('email', t('cancellation.email')),
        selectFilter(
          'status',
          t('cancellation.status'),
          Object.entries(statuses).map(([value, label]) => ({ value, label })),
        ),
        selectFilter(
          'accountKind',
          t('cancellation.kind'),
          Object.entries(kinds).map(([value, label]) => ({ value, label })),
        ),
      ]}
      columns={columns}
      actions={{ export: { endpoint: accountCancellationApi.exportExcel, fileName: t('cancellation.file') } }}
    />
  );
}
