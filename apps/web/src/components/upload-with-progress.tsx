import UploadOutlined from '@ant-design/icons/UploadOutlined';
import Button from 'antd/es/button';
import message from 'antd/es/message';
import Upload, { type UploadProps } from 'antd/es/upload';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptAttribute, checkFile, FILE_TYPES, type FileTypeName } from './file-type';

export interface UploadWithProgressProps<T> {
  /** Accepted types, checked by name and by content. */
  accept: readonly FileTypeName[];
  maxBytes: number;
  /** Sends the file, reporting progress in percent; the app passes its HTTP client's form upload. */
  upload: (file: File, onProgress: (percent: number) => void) => Promise<T>;
  onUploaded?: (result: T, file: File) => void;
  /** Files kept in the list; a new one replaces the oldest. */
  maxCount?: number;
  disabled?: boolean;
  /** The trigger; a "Select file" button by default. */
  children?: ReactNode;
}

const formatMegabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** An upload with a progress bar that refuses wrong types and oversized files before sending. */
export function UploadWithProgress<T>({ accept, maxBytes, upload, onUploaded, maxCount = 1, disabled, children }: UploadWithProgressProps<T>) {
  const { t } = useTranslation('components');
  const [toast, contextHolder] = message.useMessage();
  const typeList = accept.map((type) => FILE_TYPES[type].label).join(', ');
  const maxSize = formatMegabytes(maxBytes);

  const beforeUpload: UploadProps['beforeUpload'] = async (file) => {
    const refusal = await checkFile(file, accept, maxBytes);
    if (!refusal) return true;
    void toast.error(refusal.reason === 'size' ? t('upload.tooLarge', { size: maxSize }) : t(`upload.wrong.${refusal.reason}`, { types: typeList }));
    // LIST_IGNORE keeps the refused file out of the list entirely.
    return Upload.LIST_IGNORE;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onProgress, onSuccess, onError }) => {
    // antd hands over the File it received from the input; anything else is a programming error.
    if (!(file instanceof File)) return;
    upload(file, (percent) => onProgress?.({ percent }))
      .then((result) => {
        onSuccess?.(result);
        void toast.success(t('upload.success'));
        onUploaded?.(result, file);
      })
      .catch((err: unknown) => {
        onError?.(err instanceof Error ? err : new Error(String(err)));
        void toast.error(t('upload.failed'));
      });
  };

  return (
    <>
      {contextHolder}
      <Upload
        accept={acceptAttribute(accept)}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        maxCount={maxCount}
        disabled={disabled}
        data-testid="upload"
      >
        {children ?? (
          <Button icon={<UploadOutlined />} disabled={disabled}>
            {t('upload.select')}
          </Button>
        )}
      </Upload>
      <div className="ld-upload-hint" style={{ marginTop: 4, opacity: 0.65 }}>
        {t('upload.hint', { types: typeList, size: maxSize })}
      </div>
    </>
  );
}
