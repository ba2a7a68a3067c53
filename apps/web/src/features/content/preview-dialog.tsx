import type { PublicContentItem } from '@lightdesk/contract';
import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';
import { RichHtml } from '../../components/rich-html';

/** A draft as the public page shows it: its title as the page heading, then the text, through the public pages' renderer. */
export function PreviewDialog({ item, onClose }: { item: Pick<PublicContentItem, 'title' | 'body' | 'videoUrl'>; onClose: () => void }) {
  const { t } = useTranslation('content');
  return (
    <Modal open title={t('preview.title')} width={920} footer={null} onCancel={onClose} destroyOnHidden>
      <article className="content-preview" data-testid="content-preview">
        <h1 className="content-preview-title">{item.title}</h1>
        {item.videoUrl && <video src={item.videoUrl} controls preload="metadata" className="content-preview-video" />}
        <RichHtml html={item.body} />
      </article>
    </Modal>
  );
}
