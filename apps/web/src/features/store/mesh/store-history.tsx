import type { StoreDetail } from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import Empty from 'antd/es/empty';
import Timeline from 'antd/es/timeline';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { agentSearchQuery, useMayPickAgent } from '../../../components/agent-select';
import { DateTime } from '../../../components/list-columns';
import { getTenantId } from '../../../lib/auth-token';

type StoreEvent = StoreDetail['history'][number];

/**
 * The store's history, newest first: each change worded, with who made it. Events name people
 * and agents by id; the names shown are those still known here (a member, an agent platform
 * staff may list), else the id.
 */
export function StoreHistory({ store }: { store: StoreDetail }) {
  const { t, i18n } = useTranslation('store');
  const mayPickAgent = useMayPickAgent();
  const agents = useQuery({ ...agentSearchQuery(''), staleTime: 30_000, enabled: mayPickAgent });
  if (store.history.length === 0) return <Empty description={t('mesh.history.none')} />;

  const person = (id: string | number | undefined) => {
    if (id === undefined) return t('mesh.history.aMember');
    const member = store.members.find((m) => m.appUserId === Number(id));
    return member ? `${member.nickname} (${member.email || member.mobile})` : t('mesh.history.appUser', { id });
  };
  const agent = (id: string | number | undefined) => {
    if (mayPickAgent && Number(id) === getTenantId()) return t('mesh.assign.platform');
    const known = agents.data?.find((a) => a.id === Number(id));
    return known ? known.name : t('mesh.history.agent', { id });
  };
  const by = (event: StoreEvent) =>
    event.actorKind === 'staff' ? t('mesh.history.byStaff', { id: event.actorId }) : t('mesh.history.byAppUser', { name: person(event.actorId) });

  const describe = (event: StoreEvent): string => {
    const d = event.detail;
    const key = `mesh.event.${event.kind}`;
    // A kind added on the server before the console words it still shows, as its name.
    if (!i18n.exists(`store:${key}`)) return event.kind;
    return t(`mesh.event.${event.kind}`, {
      ...d,
      person: person(d.appUserId),
      fromPerson: person(d.from),
      toPerson: person(d.to),
      agent: agent(d.tenantId),
      deviceKind: typeof d.kind === 'string' ? t(`mesh.kind.${d.kind}`) : '',
    });
  };

  return (
    <Timeline
      data-testid="store-history"
      items={store.history.map((event) => ({
        key: event.id,
        content: (
          <div data-testid="history-event" data-kind={event.kind}>
            <div>
              {describe(event)}
              {event.detail.reason === 'account-purged' && <Typography.Text type="secondary"> · {t('mesh.history.purged')}</Typography.Text>}
            </div>
            <Typography.Text type="secondary">
              <DateTime value={event.createdAt} /> · {by(event)}
            </Typography.Text>
          </div>
        ),
      }))}
    />
  );
}
