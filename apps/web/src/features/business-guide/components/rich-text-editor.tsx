import { EDITOR_CHANGE_THROTTLE_MS } from '@cityops/contract';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import TextAlign from '@tiptap/extension-text-align';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type Ref, useEffect, useImperativeHandle, useMemo } from 'react';
import { throttle } from '../lib/throttle';
import { EditorToolbar } from './editor-toolbar';
import styles from './rich-text-editor.module.css';

/** What the page can ask of the editor. */
export interface RichTextEditorHandle {
  /** The current HTML, with any pending change event delivered first. */
  getHtml(): string;
  setHtml(html: string): void;
}

export interface RichTextEditorProps {
  initialHtml: string;
  /** Change events, throttled to one per 300 ms, the last one always delivered. */
  onChange(html: string): void;
  label: string;
  handleRef?: Ref<RichTextEditorHandle>;
}

export const SAFE_LINK = /^(https?:\/\/|mailto:|tel:)/i;

/**
 * The Tiptap editor: headings, bold, italic, underline, strike, lists, quote,
 * alignment, links, tables, images through the upload service, undo and redo.
 */
export function RichTextEditor({ initialHtml, onChange, label, handleRef }: RichTextEditorProps) {
  const emit = useMemo(() => throttle(onChange, EDITOR_CHANGE_THROTTLE_MS), [onChange]);
  useEffect(() => () => emit.flush(), [emit]);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          isAllowedUri: (url) => SAFE_LINK.test(url),
          HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow' },
        },
      }),
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
      TableKit.configure({ table: { resizable: false } }),
      Image.configure({ allowBase64: false }),
    ],
    content: initialHtml,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
        class: styles.content!,
      },
    },
    onUpdate: ({ editor: current }) => emit(current.getHTML()),
  });

  useImperativeHandle(
    handleRef,
    () => ({
      getHtml() {
        emit.flush();
        return editor.getHTML();
      },
      setHtml(html: string) {
        emit.cancel();
        editor.commands.setContent(html, { emitUpdate: false });
      },
    }),
    [editor, emit],
  );

  return (
    <div className={styles.editor}>
      <EditorToolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}
