import type { Feedback, FeedbackType } from '@lightdesk/contract';
import Tag from 'antd/es/tag';
import { useTranslation } from 'react-i18next';

/** Handled once someone replied; until then it waits for an answer. */
export function HandledTag({ feedback }: { feedback: Pick<Feedback, 'handledAt'> }) {
  const { t } = useTranslation('store');
  const handled = feedback.handledAt !== null;
  return (
    <Tag color={handled ? 'success' : 'processing'} data-testid="feedback-handled">
      {t(handled ? 'feedback.handled.yes' : 'feedback.handled.no')}
    </Tag>
  );
}

/** The kind of feedback the customer chose in the app. */
export function FeedbackTypeTag({ type }: { type: string }) {
  const { t } = useTranslation('store');
  return <Tag>{t(`feedback.type.${type as FeedbackType}`, { defaultValue: type })}</Tag>;
}
