import SendOutlined from '@ant-design/icons/SendOutlined';
import { ResultCode, type ReportFrequency, type ReportPeriod, type Subscription } from '@lightdesk/contract';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Switch from 'antd/es/switch';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { col, LongText } from '../../../components/list-columns';
import { ListPage } from '../../../components/list-page';
import { ApiError } from '../../../lib/http';
import { formatDateTime } from '../../../lib/i18n/ui-locale';
import { LANGUAGE_LABELS, type Language } from '../../../lib/i18n/languages';
import { notify } from '../../../lib/notify';
import { usePermission } from '../../../lib/permission';
import { useRefreshResource } from '../../../lib/resource-cache';
import { deleteSubscription, sendSample, subscriptionCache, subscriptionPageQuery, updateSubscription } from './api';
import { settingsOf, SubscriptionForm } from './subscription-form';

const PERMISSION = 'statistics:subscription';
const FREQUENCY_COLOURS: Record<ReportFrequency, string> = { daily: 'blue', weekly: 'green', monthly: 'purple' };

/** A report's period as people read it: "Mar 8, 2026", "Mar 2 – 8, 2026", "March 2026". */
function periodText(period: ReportPeriod, frequency: ReportFrequency, language: string): string {
  // Calendar dates, read as UTC midnights so no time zone moves them to another day.
  const day = (date: string) => new Date(`${date}T00:00:00Z`);
  if (frequency === 'monthly') return new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(day(period.from));
  const format = new Intl.DateTimeFormat(language, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
  return period.from === period.to ? format.format(day(period.from)) : format.formatRange(day(period.from), day(period.to));
}

/** The stores a subscription reports on: its chosen stores by name, or what its scope says. */
const storesText = (row: Subscription, t: TFunction<'analytics'>) =>
  row.scope === 'all' ? t('subscriptions.scope.all') : row.stores.length ? row.stores.map((s) => s.name).join(', ') : t('subscriptions.storesGone');

/** Switches a subscription's reports on or off from the list, its other settings unchanged. */
function EnabledSwitch({ row, editable }: { row: Subscription; editable: boolean }) {
  const { t } = useTranslation('analytics');
  const refresh = useRefreshResource();
  const [busy, setBusy] = useState(false);
  const change = async (enabled: boolean) => {
    setBusy(true);
    try {
      await updateSubscription(row.id, { ...settingsOf(row), enabled });
      notify.success(t(enabled ? 'subscriptions.switched.on' : 'subscriptions.switched.off'));
      await refresh(subscriptionCache);
    } catch {
      // The HTTP client has shown why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Switch
      size="small"
      checked={row.enabled}
      loading={busy}
      disabled={!editable}
      onChange={(enabled) => void change(enabled)}
      aria-label={t('subscriptions.field.enabled')}
      data-testid="subscription-enabled"
    />
  );
}

/** Sends the report of the latest closed period now, to my own address. */
function SampleButton({ row }: { row: Subscription }) {
  const { t, i18n } = useTranslation('analytics');
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      const { period } = await sendSample(row.id);
      notify.success(t('subscriptions.sample.sent', { period: periodText(period, row.frequency, i18n.language), email: row.email }));
    } catch (error) {
      // A rule refusal (no address in the profile, no store left to see) is the screen's to tell; the client showed the rest.
      if (error instanceof ApiError && error.code === ResultCode.refusal) notify.error(error.text);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="link" size="small" icon={<SendOutlined />} loading={busy} onClick={() => void send()} data-testid="subscription-sample">
      {t('subscriptions.sample.action')}
    </Button>
  );
}

/**
 * Statistics › Report subscriptions: my own reports by e-mail (docs/analytics.md, "Reports by
 * e-mail") — what, how often, in which language, how the latest went — made, changed, ended and
 * tried out with a sample.
 */
export function SubscriptionsPage() {
  const { t, i18n } = useTranslation('analytics');
  const { hasPermi } = usePermission();
  const canUpdate = hasPermi(`${PERMISSION}:update`);
  const language = i18n.language;

  const columns = useMemo<ColumnsType<Subscription>>(
    () => [
      col<Subscription>('frequency', t('subscriptions.field.frequency'), {
        render: (frequency: ReportFrequency) => <Tag color={FREQUENCY_COLOURS[frequency]}>{t(`subscriptions.frequency.${frequency}`)}</Tag>,
      }),
      col<Subscription>('scope', t('subscriptions.field.scope'), {
        render: (_scope: unknown, row: Subscription) => (
          <>
            <div>{t(`subscriptions.scope.${row.scope}`)}</div>
            {row.scope !== 'all' && <LongText text={storesText(row, t)} width={280} type="secondary" />}
          </>
        ),
      }),
      col<Subscription>('language', t('subscriptions.field.language'), { render: (code: Language) => LANGUAGE_LABELS[code] }),
      col<Subscription>('email', t('subscriptions.field.email'), {
        render: (email: string) => email || <Typography.Text type="warning">{t('subscriptions.noEmail')}</Typography.Text>,
      }),
      col<Subscription>('enabled', t('subscriptions.field.enabled'), {
        render: (_enabled: boolean, row: Subscription) => <EnabledSwitch row={row} editable={canUpdate} />,
      }),
      col<Subscription>('lastSentAt', t('subscriptions.field.lastSent'), {
        render: (at: string | null, row: Subscription) =>
          at && row.lastPeriod ? (
            <>
              <div>{periodText(row.lastPeriod, row.frequency, language)}</div>
              <Typography.Text type="secondary">
                {t('subscriptions.sentAt', { time: formatDateTime(at, language as Language, { dateStyle: 'short', timeStyle: 'short' }) })}
              </Typography.Text>
            </>
          ) : (
            <Typography.Text type="secondary">{t('subscriptions.never')}</Typography.Text>
          ),
      }),
      col<Subscription>('lastSkip', t('subscriptions.field.lastSkip'), {
        render: (skip: Subscription['lastSkip'], row: Subscription) =>
          skip ? (
            <>
              <Tag color="warning">{t(`subscriptions.skip.${skip.reason}`)}</Tag>
              <div>
                <Typography.Text type="secondary">{periodText(skip.period, row.frequency, language)}</Typography.Text>
              </div>
            </>
          ) : (
            '—'
          ),
      }),
    ],
    [t, language, canUpdate],
  );

  return (
    <div data-testid="subscriptions">
      <Alert type="info" showIcon title={t('subscriptions.about')} style={{ marginBottom: 12 }} />
      <ListPage
        query={subscriptionPageQuery}
        cache={subscriptionCache}
        columns={columns}
        actions={{
          create: { permission: `${PERMISSION}:create`, form: SubscriptionForm },
          edit: { permission: `${PERMISSION}:update`, form: SubscriptionForm },
          remove: {
            permission: `${PERMISSION}:delete`,
            run: (row) => deleteSubscription(row.id),
            describe: (row) => t('subscriptions.describe', { frequency: t(`subscriptions.frequency.${row.frequency}`), stores: storesText(row, t) }),
          },
        }}
        rowActions={canUpdate ? (row) => <SampleButton row={row} /> : undefined}
      />
    </div>
  );
}
