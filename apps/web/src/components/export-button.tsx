import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import Button from 'antd/es/button';
import type { ProgressProps } from 'antd/es/progress';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportEndpoint } from '../lib/http';
import { lazyPart } from '../lib/lazy';
import { saveBlob, xlsxName } from './save-file';

// Shown only while a file arrives: the list does not load it before someone exports.
const Progress = lazyPart<ProgressProps>(() => import('antd/es/progress'));

/**
 * Fetches an export with progress; the app passes `downloadExport` (the download client:
 * blob, 50 s timeout). `total` is absent when the server streams without a length, as Excel
 * exports do.
 */
export type DownloadFn = (endpoint: ExportEndpoint, params: Record<string, string>, onProgress: (loaded: number, total?: number) => void) => Promise<Blob>;

export interface ExportButtonProps {
  /** The list's `exportExcel` endpoint. */
  endpoint: ExportEndpoint;
  /** The list's current filters: the export holds the same rows as the list. */
  params: Record<string, string>;
  fileName: string;
  download: DownloadFn;
}

type ExportState = { running: false } | { running: true; loaded: number; total?: number };

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The Excel export of a list, with a progress indicator while the file arrives. */
export function ExportButton({ endpoint, params, fileName, download }: ExportButtonProps) {
  const { t } = useTranslation('components');
  const [state, setState] = useState<ExportState>({ running: false });

  const run = async () => {
    setState({ running: true, loaded: 0 });
    try {
      const blob = await download(endpoint, params, (loaded, total) => setState({ running: true, loaded, total }));
      saveBlob(blob, xlsxName(fileName));
    } catch {
      // The download client has already shown what went wrong.
    } finally {
      setState({ running: false });
    }
  };

  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <Button icon={<DownloadOutlined />} loading={state.running} onClick={() => void run()} data-testid="list-export">
        {t('list.export')}
      </Button>
      {state.running && (
        <span data-testid="list-export-progress" style={{ display: 'inline-flex', alignItems: 'center', gap: 8, minWidth: 160 }}>
          {state.total ? (
            <Progress percent={Math.min(100, Math.round((state.loaded / state.total) * 100))} size="small" style={{ width: 140, margin: 0 }} />
          ) : (
            <>
              <Progress percent={100} status="active" showInfo={false} size="small" style={{ width: 80, margin: 0 }} />
              <span>{t('list.received', { size: kilobytes(state.loaded) })}</span>
            </>
          )}
        </span>
      )}
    </span>
  );
}
