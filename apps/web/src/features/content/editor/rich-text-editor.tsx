import BoldOutlined from '@ant-design/icons/BoldOutlined';
import DeleteColumnOutlined from '@ant-design/icons/DeleteColumnOutlined';
import DeleteRowOutlined from '@ant-design/icons/DeleteRowOutlined';
import DisconnectOutlined from '@ant-design/icons/DisconnectOutlined';
import InsertRowBelowOutlined from '@ant-design/icons/InsertRowBelowOutlined';
import InsertRowRightOutlined from '@ant-design/icons/InsertRowRightOutlined';
import ItalicOutlined from '@ant-design/icons/ItalicOutlined';
import LinkOutlined from '@ant-design/icons/LinkOutlined';
import OrderedListOutlined from '@ant-design/icons/OrderedListOutlined';
import PictureOutlined from '@ant-design/icons/PictureOutlined';
import RedoOutlined from '@ant-design/icons/RedoOutlined';
import StrikethroughOutlined from '@ant-design/icons/StrikethroughOutlined';
import TableOutlined from '@ant-design/icons/TableOutlined';
import UnderlineOutlined from '@ant-design/icons/UnderlineOutlined';
import UndoOutlined from '@ant-design/icons/UndoOutlined';
import UnorderedListOutlined from '@ant-design/icons/UnorderedListOutlined';
import VideoCameraAddOutlined from '@ant-design/icons/VideoCameraAddOutlined';
import Image from '@tiptap/extension-image';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Popover from 'antd/es/popover';
import Tooltip from 'antd/es/tooltip';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { Video } from './video-node';
import type { RichTextEditorProps, UploadKind } from './types';
import '../../../components/rich-html.css';
import './rich-text-editor.css';

/** An empty document is stored as no text at all, not as an empty paragraph. */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

function ToolButton({
  label,
  icon,
  text,
  active,
  disabled,
  onClick,
}: {
  label: string;
  icon?: ReactNode;
  text?: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={label}>
      <Button
        type={active ? 'primary' : 'text'}
        size="small"
        icon={icon}
        // The name begins with the text on show (H2), so a person using speech input can say what they see.
        aria-label={text && /\w/.test(text) ? `${text} ${label}` : label}
        aria-pressed={active === undefined ? undefined : active}
        disabled={disabled}
        // Keeps the text selection in the editor while the button is pressed.
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      >
        {text}
      </Button>
    </Tooltip>
  );
}

function LinkButton({ editor }: { editor: Editor }) {
  const { t } = useTranslation('content');
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState('');
  const apply = () => {
    const url = href.trim();
    if (url) editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run();
    setOpen(false);
  };
  return (
    <Popover
      open={open}
      trigger="click"
      onOpenChange={(next) => {
        if (next) setHref((editor.getAttributes('link').href as string | undefined) ?? 'https://');
        setOpen(next);
      }}
      content={
        <Input.Search
          value={href}
          aria-label={t('editor.linkAddress')}
          onChange={(e) => setHref(e.target.value)}
          onSearch={apply}
          enterButton={t('editor.apply')}
          style={{ width: 320 }}
          autoFocus
        />
      }
    >
      <Tooltip title={t('editor.link')}>
        <Button
          type={editor.isActive('link') ? 'primary' : 'text'}
          size="small"
          icon={<LinkOutlined />}
          aria-label={t('editor.link')}
          aria-pressed={editor.isActive('link')}
        />
      </Tooltip>
    </Popover>
  );
}

/**
 * The console's rich-text editor (TipTap): headings from level 2 (the page title is level 1),
 * lists, quotes, links, tables, and images and videos uploaded through `upload`. It writes
 * HTML, which the server sanitises on save.
 */
export function RichTextEditor({ value, onChange, upload, label, id, disabled }: RichTextEditorProps) {
  const { t } = useTranslation('content');
  const files = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<UploadKind>();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3, 4] }, link: { openOnClick: false, autolink: true, defaultProtocol: 'https' } }),
      Image,
      Video,
      Table.configure({ resizable: false }),
      TableRow,
      TableHeader,
      TableCell,
    ],
    content: value ?? '',
    editable: !disabled,
    editorProps: {
      attributes: { class: 'rich-html rich-editor-content', role: 'textbox', 'aria-multiline': 'true', 'aria-label': label, ...(id ? { id } : {}) },
    },
    onUpdate: ({ editor: changed }) => onChange?.(htmlOf(changed)),
  });
  // A value set from outside (the form loaded the row) replaces the text; typing does not come back here.
  useEffect(() => {
    // TipTap's useEditor destroys its editor a moment after this component's effects are taken down
    // (or after making one whose effects have not run yet) and makes a new one when they run. Until
    // the component renders with the new one, its effects may meet the destroyed editor, which has
    // no schema left to read or write HTML with: React's <Activity> runs them again without a render
    // when a kept-alive page is shown again.
    if (!editor || editor.isDestroyed) return;
    if ((value ?? '') !== htmlOf(editor)) editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);
  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullets: e.isActive('bulletList'),
      numbers: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      table: e.isActive('table'),
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });

  const pick = (kind: UploadKind) => {
    const input = files.current;
    if (!input) return;
    input.accept = kind === 'image' ? 'image/*' : 'video/*';
    input.dataset.kind = kind;
    input.click();
  };
  const onFile = async (file: File | undefined, kind: UploadKind) => {
    if (!file || !editor) return;
    setUploading(kind);
    try {
      const src = await upload(file, kind);
      if (kind === 'image')
        editor
          .chain()
          .focus()
          .setImage({ src, alt: file.name.replace(/\.[^.]+$/, '') })
          .run();
      else editor.chain().focus().setVideo({ src }).run();
    } catch {
      notify.error(t('editor.uploadFailed', { name: file.name }));
    } finally {
      setUploading(undefined);
    }
  };

  if (!editor || !state) return null;
  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => () => void command(editor.chain().focus()).run();
  return (
    <div className={disabled ? 'rich-editor rich-editor-disabled' : 'rich-editor'} data-testid="rich-editor">
      <div className="rich-editor-toolbar" role="toolbar" aria-label={t('editor.toolbar', { label })}>
        <ToolButton label={t('editor.bold')} icon={<BoldOutlined />} active={state.bold} onClick={run((c) => c.toggleBold())} />
        <ToolButton label={t('editor.italic')} icon={<ItalicOutlined />} active={state.italic} onClick={run((c) => c.toggleItalic())} />
        <ToolButton label={t('editor.underline')} icon={<UnderlineOutlined />} active={state.underline} onClick={run((c) => c.toggleUnderline())} />
        <ToolButton label={t('editor.strike')} icon={<StrikethroughOutlined />} active={state.strike} onClick={run((c) => c.toggleStrike())} />
        <span className="rich-editor-separator" aria-hidden />
        <ToolButton label={t('editor.heading2')} text="H2" active={state.h2} onClick={run((c) => c.toggleHeading({ level: 2 }))} />
        <ToolButton label={t('editor.heading3')} text="H3" active={state.h3} onClick={run((c) => c.toggleHeading({ level: 3 }))} />
        <ToolButton label={t('editor.bulletList')} icon={<UnorderedListOutlined />} active={state.bullets} onClick={run((c) => c.toggleBulletList())} />
        <ToolButton label={t('editor.orderedList')} icon={<OrderedListOutlined />} active={state.numbers} onClick={run((c) => c.toggleOrderedList())} />
        <ToolButton label={t('editor.quote')} text="“ ”" active={state.quote} onClick={run((c) => c.toggleBlockquote())} />
        <span className="rich-editor-separator" aria-hidden />
        <LinkButton editor={editor} />
        <ToolButton label={t('editor.unlink')} icon={<DisconnectOutlined />} disabled={!state.link} onClick={run((c) => c.unsetLink())} />
        <ToolButton label={t('editor.image')} icon={<PictureOutlined />} disabled={!!uploading} onClick={() => pick('image')} />
        <ToolButton label={t('editor.video')} icon={<VideoCameraAddOutlined />} disabled={!!uploading} onClick={() => pick('video')} />
        <span className="rich-editor-separator" aria-hidden />
        <ToolButton label={t('editor.table')} icon={<TableOutlined />} onClick={run((c) => c.insertTable({ rows: 3, cols: 3, withHeaderRow: true }))} />
        <ToolButton label={t('editor.addRow')} icon={<InsertRowBelowOutlined />} disabled={!state.table} onClick={run((c) => c.addRowAfter())} />
        <ToolButton label={t('editor.addColumn')} icon={<InsertRowRightOutlined />} disabled={!state.table} onClick={run((c) => c.addColumnAfter())} />
        <ToolButton label={t('editor.deleteRow')} icon={<DeleteRowOutlined />} disabled={!state.table} onClick={run((c) => c.deleteRow())} />
        <ToolButton label={t('editor.deleteColumn')} icon={<DeleteColumnOutlined />} disabled={!state.table} onClick={run((c) => c.deleteColumn())} />
        <span className="rich-editor-separator" aria-hidden />
        <ToolButton label={t('editor.undo')} icon={<UndoOutlined />} disabled={!state.undo} onClick={run((c) => c.undo())} />
        <ToolButton label={t('editor.redo')} icon={<RedoOutlined />} disabled={!state.redo} onClick={run((c) => c.redo())} />
        {uploading && (
          <span className="rich-editor-status" role="status">
            {t(uploading === 'image' ? 'editor.uploadingImage' : 'editor.uploadingVideo')}
          </span>
        )}
      </div>
      <input
        ref={files}
        type="file"
        hidden
        aria-label={t('editor.chooseFile')}
        data-testid="rich-editor-file"
        onChange={(e) => {
          const input = e.currentTarget;
          void onFile(input.files?.[0], input.dataset.kind === 'video' ? 'video' : 'image');
          input.value = '';
        }}
      />
      <EditorContent editor={editor} />
    </div>
  );
}
