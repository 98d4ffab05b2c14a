import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BoldOutlined,
  DeleteColumnOutlined,
  DeleteOutlined,
  DeleteRowOutlined,
  DisconnectOutlined,
  InsertRowBelowOutlined,
  InsertRowRightOutlined,
  ItalicOutlined,
  LinkOutlined,
  MenuOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { GUIDE_UPLOAD_BUCKET, UPLOAD_ACCEPT } from '@cityops/contract';
import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import { Button, Select, Tooltip } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadImage } from '@/components/image-upload/upload-image';
import { resolveFileUrl } from '@/lib/file-url';
import { toast } from '@/lib/toast';
import { failureMessage } from '@/lib/forms/api-failure';
import { LinkDialog } from './link-dialog';
import styles from './rich-text-editor.module.css';

function ToolButton({
  label,
  icon,
  active,
  disabled,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  active?: boolean;
  disabled?: boolean;
  onClick(): void;
}) {
  return (
    <Tooltip title={label} mouseEnterDelay={0.6}>
      <Button
        type={active ? 'primary' : 'text'}
        size="small"
        icon={icon}
        aria-label={label}
        aria-pressed={active === undefined ? undefined : active}
        disabled={disabled}
        // Keeps the selection in the editor while the button is pressed.
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );
}

type BlockType = 'paragraph' | 'h1' | 'h2' | 'h3';

export function EditorToolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [linkOpen, setLinkOpen] = useState(false);
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      strike: current.isActive('strike'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      blockquote: current.isActive('blockquote'),
      link: current.isActive('link'),
      table: current.isActive('table'),
      left: current.isActive({ textAlign: 'left' }),
      center: current.isActive({ textAlign: 'center' }),
      right: current.isActive({ textAlign: 'right' }),
      justify: current.isActive({ textAlign: 'justify' }),
      block: (current.isActive('heading', { level: 1 })
        ? 'h1'
        : current.isActive('heading', { level: 2 })
          ? 'h2'
          : current.isActive('heading', { level: 3 })
            ? 'h3'
            : 'paragraph') as BlockType,
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const label = (key: string) => t(`businessGuide.editor.${key}`);

  async function insertImages(files: FileList | null) {
    if (!files?.length) return;
    setUploading(true);
    try {
      for (const file of Array.from(files)) {
        try {
          const result = await uploadImage({ file, bucketName: GUIDE_UPLOAD_BUCKET });
          // After an insert the new image is selected; the next one goes after it, not over it.
          chain()
            .setTextSelection(editor.state.selection.to)
            .setImage({ src: resolveFileUrl(result.url)!, alt: file.name.replace(/\.[^.]+$/, '') })
            .run();
        } catch (error) {
          toast.error({ content: `${t('upload.failed')}: ${failureMessage(error, file.name)}` });
        }
      }
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  return (
    <div role="toolbar" aria-label={label('toolbar')} className={styles.toolbar}>
      <Select<BlockType>
        size="small"
        aria-label={label('blockType')}
        value={state.block}
        style={{ width: 110 }}
        options={[
          { value: 'paragraph', label: label('paragraph') },
          { value: 'h1', label: label('heading1') },
          { value: 'h2', label: label('heading2') },
          { value: 'h3', label: label('heading3') },
        ]}
        onChange={(value) =>
          value === 'paragraph'
            ? chain().setParagraph().run()
            : chain()
                .setHeading({ level: Number(value.slice(1)) as 1 | 2 | 3 })
                .run()
        }
      />
      <span className={styles.separator} aria-hidden />
      <ToolButton
        label={label('bold')}
        icon={<BoldOutlined />}
        active={state.bold}
        onClick={() => chain().toggleBold().run()}
      />
      <ToolButton
        label={label('italic')}
        icon={<ItalicOutlined />}
        active={state.italic}
        onClick={() => chain().toggleItalic().run()}
      />
      <ToolButton
        label={label('underline')}
        icon={<UnderlineOutlined />}
        active={state.underline}
        onClick={() => chain().toggleUnderline().run()}
      />
      <ToolButton
        label={label('strike')}
        icon={<StrikethroughOutlined />}
        active={state.strike}
        onClick={() => chain().toggleStrike().run()}
      />
      <span className={styles.separator} aria-hidden />
      <ToolButton
        label={label('bulletList')}
        icon={<UnorderedListOutlined />}
        active={state.bulletList}
        onClick={() => chain().toggleBulletList().run()}
      />
      <ToolButton
        label={label('orderedList')}
        icon={<OrderedListOutlined />}
        active={state.orderedList}
        onClick={() => chain().toggleOrderedList().run()}
      />
      <ToolButton
        label={label('quote')}
        icon={<span aria-hidden>“</span>}
        active={state.blockquote}
        onClick={() => chain().toggleBlockquote().run()}
      />
      <span className={styles.separator} aria-hidden />
      <ToolButton
        label={label('alignLeft')}
        icon={<AlignLeftOutlined />}
        active={state.left}
        onClick={() => chain().setTextAlign('left').run()}
      />
      <ToolButton
        label={label('alignCenter')}
        icon={<AlignCenterOutlined />}
        active={state.center}
        onClick={() => chain().setTextAlign('center').run()}
      />
      <ToolButton
        label={label('alignRight')}
        icon={<AlignRightOutlined />}
        active={state.right}
        onClick={() => chain().setTextAlign('right').run()}
      />
      <ToolButton
        label={label('alignJustify')}
        icon={<MenuOutlined />}
        active={state.justify}
        onClick={() => chain().setTextAlign('justify').run()}
      />
      <span className={styles.separator} aria-hidden />
      <ToolButton
        label={label('link')}
        icon={<LinkOutlined />}
        active={state.link}
        onClick={() => setLinkOpen(true)}
      />
      <ToolButton
        label={label('unlink')}
        icon={<DisconnectOutlined />}
        disabled={!state.link}
        onClick={() => chain().extendMarkRange('link').unsetLink().run()}
      />
      <ToolButton
        label={uploading ? label('imageUploading') : label('image')}
        icon={<PictureOutlined />}
        disabled={uploading}
        onClick={() => fileInput.current?.click()}
      />
      <input
        ref={fileInput}
        type="file"
        accept={UPLOAD_ACCEPT}
        multiple
        hidden
        aria-label={label('image')}
        onChange={(event) => void insertImages(event.target.files)}
      />
      <ToolButton
        label={label('table')}
        icon={<TableOutlined />}
        onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
      />
      {state.table && (
        <>
          <ToolButton
            label={label('addRow')}
            icon={<InsertRowBelowOutlined />}
            onClick={() => chain().addRowAfter().run()}
          />
          <ToolButton
            label={label('addColumn')}
            icon={<InsertRowRightOutlined />}
            onClick={() => chain().addColumnAfter().run()}
          />
          <ToolButton
            label={label('deleteRow')}
            icon={<DeleteRowOutlined />}
            onClick={() => chain().deleteRow().run()}
          />
          <ToolButton
            label={label('deleteColumn')}
            icon={<DeleteColumnOutlined />}
            onClick={() => chain().deleteColumn().run()}
          />
          <ToolButton
            label={label('deleteTable')}
            icon={<DeleteOutlined />}
            onClick={() => chain().deleteTable().run()}
          />
        </>
      )}
      <span className={styles.separator} aria-hidden />
      <ToolButton
        label={label('undo')}
        icon={<UndoOutlined />}
        disabled={!state.canUndo}
        onClick={() => chain().undo().run()}
      />
      <ToolButton
        label={label('redo')}
        icon={<RedoOutlined />}
        disabled={!state.canRedo}
        onClick={() => chain().redo().run()}
      />
      {linkOpen && (
        <LinkDialog
          initial={(editor.getAttributes('link').href as string | undefined) ?? ''}
          onClose={() => setLinkOpen(false)}
          onSubmit={(href) => {
            setLinkOpen(false);
            chain().extendMarkRange('link').setLink({ href }).run();
          }}
        />
      )}
    </div>
  );
}
