import EyeOutlined from '@ant-design/icons/EyeOutlined';
import { feedbackApi, type Feedback } from '@lightdesk/contract';
import Button from 'antd/es/button';
import Typography from 'antd/es/typography';
import { useMemo, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { col, dateCol, textCol } from '../../../components/list-columns';
import { selectFilter, textFilter } from '../../../components/list-filters';
import { ListPage } from '../../../components/list-page';
import { lazyPart } from '../../../lib/lazy';
import { feedbackCache, feedbackPageQuery } from './api';
import type { FeedbackDetail as Detail } from './feedback-detail';
import { FeedbackTypeTag, HandledTag } from './feedback-parts';
import { FeedbackStats } from './feedback-stats';
import './feedback.css';

// The detail (pictures, reply form) loads when first opened.
const FeedbackDetail = lazyPart<ComponentProps<typeof Detail>>(() => import('./feedback-detail').then((m) => ({ default: m.FeedbackDetail })));

/** Workbench › Feedback: what app users wrote from the app, answered from here; registrations above. */
export function FeedbackPage() {
  const { t } = useTranslation('store');
  const [open, setOpen] = useState<number>();
  const columns = useMemo(
    () => [
      // What was written and whether it was answered first; the phone it came from last.
      textCol<Feedback>('content', t('feedback.field.content'), { width: 260 }),
      col<Feedback>('type', t('feedback.field.type'), { render: (type: string) => <FeedbackTypeTag type={type} /> }),
      col<Feedback>('handledAt', t('feedback.field.handled'), { sortable: true, render: (_: unknown, row: Feedback) => <HandledTag feedback={row} /> }),
      col<Feedback>('email', t('feedback.field.customer'), {
        render: (email: string, row: Feedback) => (
          <>
            <div>{row.nickname || email}</div>
            {row.nickname && <Typography.Text type="secondary">{email}</Typography.Text>}
          </>
        ),
      }),
      dateCol<Feedback>('createdAt', t('feedback.field.createdAt'), { sortable: true }),
      textCol<Feedback>('reply', t('feedback.field.reply'), { width: 180 }),
      col<Feedback>('appVersion', t('feedback.field.appVersion')),
      col<Feedback>('phoneModel', t('feedback.field.phoneModel')),
      col<Feedback>('imageCount', t('feedback.field.images'), { align: 'right' }),
    ],
    [t],
  );
  return (
    <>
      <FeedbackStats />
      <ListPage
        query={feedbackPageQuery}
        cache={feedbackCache}
        columns={columns}
        actions={{ export: { endpoint: feedbackApi.exportExcel, fileName: t('feedback.file') } }}
        filters={[
          textFilter('email', t('feedback.field.email')),
          selectFilter('handled', t('feedback.field.handled'), [
            { value: 'yes', label: t('feedback.handled.yes') },
            { value: 'no', label: t('feedback.handled.no') },
          ]),
        ]}
        rowActions={(row) => (
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setOpen(row.id)} data-testid="row-detail">
            {t('feedback.detail.open')}
          </Button>
        )}
      />
      {open !== undefined && <FeedbackDetail id={open} onClose={() => setOpen(undefined)} />}
    </>
  );
}
