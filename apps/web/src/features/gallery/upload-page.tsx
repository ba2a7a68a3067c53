import Upload, { type UploadFile } from 'antd/es/upload';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/panel';
import { UploadWithProgress } from '../../components/upload-with-progress';
import { GalleryPage, StateGrid, type DataState } from './states';

const FILE_LISTS: Record<DataState, UploadFile[]> = {
  empty: [],
  loading: [{ uid: '1', name: 'floor-plan.png', status: 'uploading', percent: 45 }],
  error: [{ uid: '2', name: 'firmware-1.2.3.bin', status: 'error', response: 'sample failure' }],
  data: [
    { uid: '3', name: 'floor-plan.png', status: 'done' },
    { uid: '4', name: 'manual.pdf', status: 'done' },
  ],
};

/** The sample "upload": progress in steps, then the file's name back; nothing leaves the browser. */
const sampleUpload = (file: File, onProgress: (percent: number) => void) =>
  new Promise<string>((resolve) => {
    let percent = 0;
    const timer = setInterval(() => {
      percent += 20;
      onProgress(percent);
      if (percent >= 100) {
        clearInterval(timer);
        resolve(file.name);
      }
    }, 200);
  });

/** Test page 4: the file list in each state, and a live upload with its progress and checks. */
export function UploadGalleryPage() {
  const { t } = useTranslation('gallery');
  return (
    <GalleryPage intro={t('upload.intro')}>
      <StateGrid title={t('upload.files')} render={(state) => <Upload fileList={FILE_LISTS[state]} disabled showUploadList={{ showRemoveIcon: false }} />} />
      <Panel title={t('upload.live')}>
        <UploadWithProgress accept={['png', 'jpg']} maxBytes={5 * 1024 * 1024} upload={sampleUpload} />
      </Panel>
    </GalleryPage>
  );
}
