import Skeleton from 'antd/es/skeleton';
import { lazy, Suspense } from 'react';
import { withTimeout } from '../../../lib/lazy';
import type { RichTextEditorProps } from './types';

export type { RichTextEditorProps, UploadKind } from './types';

// The editor (TipTap and ProseMirror) loads when a content form first shows it, never with the console.
const Editor = lazy(withTimeout(() => import('./rich-text-editor').then((m) => ({ default: m.RichTextEditor }))));

/** The rich-text editor as a form field (value / onChange), loading on first use. */
export function RichTextField(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <Editor {...props} />
    </Suspense>
  );
}
