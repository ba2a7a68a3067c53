import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import message from 'antd/es/message';
import notification from 'antd/es/notification';
import Result from 'antd/es/result';
import { useTranslation } from 'react-i18next';
import { DataEmpty, DataFailed, DataLoading } from '../../components/data-state';
import { InfoResult } from '../../components/info-result';
import { Panel } from '../../components/panel';
import { GalleryPage, StateGrid, retryNothing } from './states';

const KINDS = ['success', 'info', 'warning', 'error'] as const;

/** Test page 5: messages, notifications, alerts, result pages and empty states. */
export function FeedbackGalleryPage() {
  const { t } = useTranslation('gallery');
  const [toast, toastHolder] = message.useMessage();
  const [notice, noticeHolder] = notification.useNotification();
  return (
    <GalleryPage intro={t('feedback.intro')}>
      {toastHolder}
      {noticeHolder}
      <Panel title={t('feedback.messages')}>
        <div className="gallery-row">
          {KINDS.map((kind) => (
            <Button key={kind} onClick={() => void toast[kind](t(`feedback.kind.${kind}`))} data-testid={`message-${kind}`}>
              {t('feedback.showMessage', { kind: t(`feedback.kind.${kind}`) })}
            </Button>
          ))}
          {KINDS.map((kind) => (
            <Button
              key={kind}
              onClick={() => notice[kind]({ title: t(`feedback.kind.${kind}`), description: t('feedback.noticeText') })}
              data-testid={`notice-${kind}`}
            >
              {t('feedback.showNotice', { kind: t(`feedback.kind.${kind}`) })}
            </Button>
          ))}
        </div>
      </Panel>
      <Panel title={t('feedback.alerts')}>
        <div className="gallery-states">
          {KINDS.map((kind) => (
            <Alert key={kind} type={kind} showIcon title={t(`feedback.kind.${kind}`)} description={t('feedback.noticeText')} />
          ))}
        </div>
      </Panel>
      <StateGrid
        title={t('feedback.results')}
        render={(state) => {
          if (state === 'loading') return <DataLoading />;
          if (state === 'error') return <DataFailed retry={retryNothing} />;
          if (state === 'empty') return <DataEmpty />;
          return <Result status="success" title={t('feedback.kind.success')} />;
        }}
      />
      <Panel title={t('feedback.pages')}>
        <div className="gallery-states">
          <Result status="403" title="403" subTitle={t('feedback.forbidden')} />
          <Result status="404" title="404" subTitle={t('feedback.notFound')} />
          <InfoResult title={t('feedback.infoTitle')} text={t('feedback.infoText')} />
        </div>
      </Panel>
    </GalleryPage>
  );
}
