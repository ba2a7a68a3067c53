import type { StoreDetail } from '@lightdesk/contract';
import Empty from 'antd/es/empty';
import Timeline from 'antd/es/timeline';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/list-columns';
import { getTenantId, readAuth } from '../../../lib/auth-token';

type StoreEvent = StoreDetail['history'][number];

/**
 * The store's history, newest first: each change worded, with who made it. Events name people
 * and agents by id; the server sends who each is now (`historyNames`), so a member who has left
 * or an admin who handed the store on is still named. An account deleted since shows its id.
 */
export function StoreHistory({ store }: { store: StoreDetail }) {
  const { t, i18n } = useTranslation('store');
  if (store.history.length === 0) return <Empty description={t('mesh.history.none')} />;
  const names = store.historyNames;

  const person = (id: string | number | undefined) => {
    if (id === undefined) return t('mesh.history.aMember');
    const known = names.appUsers[String(id)];
    if (!known) return t('mesh.history.appUser', { id });
    return known.contact ? `${known.nickname} (${known.contact})` : known.nickname;
  };
  const agent = (id: string | number | undefined) => {
    if (readAuth()?.tenantType === 'platform' && Number(id) === getTenantId()) return t('mesh.assign.platform');
    return names.agents[String(id)] ?? t('mesh.history.agent', { id });
  };
  const by = (event: StoreEvent) =>
    event.actorKind === 'staff'
      ? t('mesh.history.by', { name: names.staff[String(event.actorId)] ?? t('mesh.history.staff', { id: event.actorId }) })
      : t('mesh.history.by', { name: person(event.actorId) });

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
