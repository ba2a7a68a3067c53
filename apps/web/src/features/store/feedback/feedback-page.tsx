import EyeOutlined from '@ant-design/icons/EyeOutlined';
import type { Feedback } from '@lightdesk/contract';
import Button from 'antd/es/button';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { col, dateCol } from '../../../components/list-columns';
import { selectFilter, textFilter } from '../../../components/list-filters';
import { ListPage } from '../../../components/list-page';
import { feedbackCache, feedbackPageQuery } from './api';
import { FeedbackDetail } from './feedback-detail';
import { FeedbackTypeTag, HandledTag } from './feedback-parts';
import { FeedbackStats } from './feedback-stats';
import './feedback.css';

/** The start of a long text on one line; the whole of it on hover and in the detail. */
const Excerpt = ({ text }: { text: string }) => (
  <span className="feedback-excerpt" title={text}>
    {text}
  </span>
);

/** Workbench › Feedback: what app users wrote from the app, answered from here; registrations above. */
export function FeedbackPage() {
  const { t } = useTranslation('store');
  const [open, setOpen] = useState<number>();
  const columns = useMemo(
    () => [
      dateCol<Feedback>('createdAt', t('feedback.field.createdAt'), { sortable: true }),
      col<Feedback>('email', t('feedback.field.email')),
      col<Feedback>('nickname', t('feedback.field.nickname')),
      col<Feedback>('type', t('feedback.field.type'), { render: (type: string) => <FeedbackTypeTag type={type} /> }),
      col<Feedback>('content', t('feedback.field.content'), { render: (content: string) => <Excerpt text={content} /> }),
      col<Feedback>('appVersion', t('feedback.field.appVersion')),
      col<Feedback>('phoneModel', t('feedback.field.phoneModel')),
      col<Feedback>('imageCount', t('feedback.field.images'), { align: 'right' }),
      col<Feedback>('handledAt', t('feedback.field.handled'), { sortable: true, render: (_: unknown, row: Feedback) => <HandledTag feedback={row} /> }),
      col<Feedback>('reply', t('feedback.field.reply'), { render: (reply: string) => (reply ? <Excerpt text={reply} /> : '—') }),
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
      <FeedbackDetail id={open} onClose={() => setOpen(undefined)} />
    </>
  );
}
