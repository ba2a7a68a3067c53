import { FeedbackReply, type FeedbackDetail as Detail } from '@lightdesk/contract';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractRules } from '../../../components/field-rules';
import { showServerFieldError } from '../../../components/form-server-errors';
import { DateTime } from '../../../components/list-columns';
import { notify } from '../../../lib/notify';
import { usePermission } from '../../../lib/permission';
import { useRefreshResource } from '../../../lib/resource-cache';
import { feedbackCache, feedbackDetailQuery, replyToFeedback } from './api';
import { FeedbackTypeTag, HandledTag } from './feedback-parts';

/** The answer the customer reads in the app; sending it marks the feedback handled. */
function ReplyForm({ feedback, onReplied }: { feedback: Detail; onReplied: () => void }) {
  const { t } = useTranslation('store');
  const [form] = Form.useForm<{ reply: string }>();
  const rules = useContractRules(FeedbackReply);
  const refresh = useRefreshResource();
  const [busy, setBusy] = useState(false);
  const label = t('feedback.reply.label');

  const send = async ({ reply }: { reply: string }) => {
    setBusy(true);
    try {
      await replyToFeedback({ id: feedback.id, reply });
      notify.success(t('feedback.reply.sent'));
      void refresh(feedbackCache);
      onReplied();
    } catch (error) {
      // The HTTP client has shown the toast; a refusal naming the reply marks the field too.
      showServerFieldError(form, error, ['reply']);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      form={form}
      name="feedback-reply"
      layout="vertical"
      initialValues={{ reply: feedback.reply }}
      onFinish={(values) => void send(values)}
      data-testid="feedback-reply"
    >
      <Form.Item name="reply" label={label} extra={t('feedback.reply.hint')} rules={rules('reply', label)}>
        <Input.TextArea rows={4} maxLength={FeedbackReply.shape.reply.maxLength ?? undefined} showCount />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t(feedback.handledAt ? 'feedback.reply.update' : 'feedback.reply.send')}
      </Button>
    </Form>
  );
}

/** One feedback in full: who sent it from which phone, what they wrote, their pictures, and the answer. */
export function FeedbackDetail({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const { t } = useTranslation('store');
  const { hasPermi } = usePermission();
  const { data: feedback, isLoading } = useQuery({ ...feedbackDetailQuery(id ?? 0), enabled: id !== undefined });
  return (
    <Drawer open={id !== undefined} onClose={onClose} title={t('feedback.detail.title')} size={640} destroyOnHidden data-testid="feedback-detail">
      {isLoading && <Spin />}
      {feedback && (
        <>
          <Descriptions column={1} bordered size="small" styles={{ label: { width: 160 } }}>
            <Descriptions.Item label={t('feedback.field.createdAt')}>
              <DateTime value={feedback.createdAt} />
            </Descriptions.Item>
            <Descriptions.Item label={t('feedback.field.email')}>{feedback.email}</Descriptions.Item>
            <Descriptions.Item label={t('feedback.field.contactEmail')}>{feedback.contactEmail || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('feedback.field.nickname')}>{feedback.nickname || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('feedback.field.type')}>
              <FeedbackTypeTag type={feedback.type} />
            </Descriptions.Item>
            <Descriptions.Item label={t('feedback.field.appVersion')}>{feedback.appVersion || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('feedback.field.phoneModel')}>{feedback.phoneModel || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('feedback.field.handled')}>
              <HandledTag feedback={feedback} /> {feedback.handledAt && <DateTime value={feedback.handledAt} />}
            </Descriptions.Item>
            <Descriptions.Item label={t('feedback.field.content')}>
              <p className="feedback-content" data-testid="feedback-content">
                {feedback.content}
              </p>
            </Descriptions.Item>
            <Descriptions.Item label={t('feedback.field.images')}>
              {feedback.images.length ? (
                <ul className="feedback-images" data-testid="feedback-images">
                  {feedback.images.map((src, i) => (
                    <li key={src}>
                      {/* The links are signed by the server and expire after a day: open them from here. */}
                      <a href={src} target="_blank" rel="noreferrer">
                        <img src={src} alt={t('feedback.detail.imageAlt', { n: i + 1, count: feedback.images.length })} />
                      </a>
                    </li>
                  ))}
                </ul>
              ) : (
                t('feedback.detail.noImages')
              )}
            </Descriptions.Item>
            {feedback.reply ? (
              <Descriptions.Item label={t('feedback.field.reply')}>
                <p className="feedback-content" data-testid="feedback-reply-text">
                  {feedback.reply}
                </p>
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          {hasPermi('workbench:feedback:update') && (
            <>
              <Typography.Title level={5} style={{ marginTop: 24 }}>
                {t(feedback.handledAt ? 'feedback.reply.updateTitle' : 'feedback.reply.title')}
              </Typography.Title>
              <ReplyForm feedback={feedback} onReplied={onClose} />
            </>
          )}
        </>
      )}
    </Drawer>
  );
}
