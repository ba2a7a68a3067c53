export type UploadKind = 'image' | 'video';

export interface RichTextEditorProps {
  /** HTML; empty text for an empty document. */
  value?: string;
  onChange?: (html: string) => void;
  /** Stores the file and answers the address the page will load it from. */
  upload: (file: File, kind: UploadKind) => Promise<string>;
  /** The field's name, for screen readers (the editable area and its toolbar). */
  label: string;
  id?: string;
  disabled?: boolean;
}
