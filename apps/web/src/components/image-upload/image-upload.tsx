import { PlusOutlined } from '@ant-design/icons';
import {
  UPLOAD_ACCEPT,
  UPLOAD_DEFAULT_MAX_COUNT,
  UPLOAD_EXTENSIONS,
  type UploadResult,
} from '@cityops/contract';
import { Image, Upload, type UploadFile, type UploadProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveFileUrl } from '@/lib/file-url';
import { ApiError } from '@/lib/http/api-error';
import { toast } from '@/lib/toast';
import styles from './image-upload.module.css';
import { uploadImage } from './upload-image';

export type ImageUploadValue = string | string[];

export interface ImageUploadProps {
  /** The stored address (maximum 1) or addresses (maximum above 1). */
  value?: ImageUploadValue;
  onChange?: (value: ImageUploadValue) => void;
  /** Default 1: a new file replaces the old one. */
  maxCount?: number;
  bucketName?: string;
  action?: string;
  /** Form field name of the file; default "file". */
  name?: string;
  baseApi?: string;
  disabled?: boolean;
  id?: string;
  /** Accessible name of the add button. */
  'aria-label'?: string;
  /** Told when an upload starts and when the last one ends (a form waits before saving). */
  onUploadingChange?: (uploading: boolean) => void;
}

function toList(value: ImageUploadValue | undefined): string[] {
  if (Array.isArray(value)) return value.filter(Boolean);
  return value ? [value] : [];
}

function isAcceptedFile(file: File): boolean {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(extension);
}

/**
 * The shared image upload widget: png/jpg/jpeg only,
 * add button hidden at the maximum, disabled while uploading, a maximum of 1
 * replaces, 200 x 200 thumbnails, "upload failed" on failure with the reason in
 * the item's tooltip.
 */
export function ImageUpload({
  value,
  onChange,
  maxCount = UPLOAD_DEFAULT_MAX_COUNT,
  bucketName = 'default',
  action,
  name,
  baseApi,
  disabled = false,
  id,
  'aria-label': ariaLabel,
  onUploadingChange,
}: ImageUploadProps) {
  const { t } = useTranslation();
  const [fileList, setFileList] = useState<UploadFile[]>(() =>
    toList(value).map((url, index) => ({ uid: `stored-${index}`, name: url, url, status: 'done' })),
  );
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const emitted = useRef<string>(JSON.stringify(toList(value)));

  // A new value from outside (form reset, record loaded) replaces the list.
  useEffect(() => {
    const urls = toList(value);
    if (JSON.stringify(urls) === emitted.current) return;
    emitted.current = JSON.stringify(urls);
    setFileList(
      urls.map((url, index) => ({ uid: `stored-${index}`, name: url, url, status: 'done' })),
    );
  }, [value]);

  const uploading = fileList.some((file) => file.status === 'uploading');
  useEffect(() => {
    onUploadingChange?.(uploading);
  }, [uploading, onUploadingChange]);

  function emit(list: UploadFile[]) {
    const urls = list.filter((file) => file.status === 'done' && file.url).map((file) => file.url!);
    emitted.current = JSON.stringify(urls);
    onChange?.(maxCount > 1 ? urls : (urls[0] ?? ''));
  }

  function update(uid: string, patch: Partial<UploadFile>) {
    setFileList((current) => {
      const next = current.map((file) => (file.uid === uid ? { ...file, ...patch } : file));
      if (patch.status === 'done') emit(next);
      return next;
    });
  }

  const customRequest: UploadProps['customRequest'] = ({ file }) => {
    const blob = file as File & { uid: string };
    const item: UploadFile = { uid: blob.uid, name: blob.name, status: 'uploading', percent: 0 };
    // With a maximum of 1 the new file replaces the old one; otherwise it is appended.
    setFileList((current) => (maxCount > 1 ? [...current, item] : [item]));
    uploadImage({
      file: blob,
      bucketName,
      ...(action ? { action } : {}),
      ...(name ? { fieldName: name } : {}),
      ...(baseApi ? { baseApi } : {}),
      onProgress: (percent) => update(blob.uid, { percent }),
    }).then(
      (result: UploadResult) =>
        update(blob.uid, {
          status: 'done',
          name: blob.name,
          url: result.url,
          thumbUrl: undefined,
          percent: 100,
        }),
      (error: unknown) => {
        toast.error({ content: t('upload.failed') });
        update(blob.uid, {
          status: 'error',
          // antd's item tooltip reads: response text, else status text, else message, else its label.
          response: error instanceof ApiError && error.body?.msg ? error.body.msg : undefined,
          error: error instanceof Error ? { message: error.message } : undefined,
        });
      },
    );
  };

  return (
    <div className={styles.upload}>
      <Upload
        id={id}
        accept={UPLOAD_ACCEPT}
        listType="picture-card"
        fileList={fileList.map((file) => ({ ...file, url: resolveFileUrl(file.url) }))}
        disabled={disabled || uploading}
        maxCount={maxCount}
        customRequest={customRequest}
        beforeUpload={(file) => {
          if (isAcceptedFile(file)) return true;
          toast.error({ content: t('upload.typeNotAllowed') });
          return Upload.LIST_IGNORE;
        }}
        onRemove={(removed) => {
          const next = fileList.filter((file) => file.uid !== removed.uid);
          setFileList(next);
          emit(next);
          return true;
        }}
        onPreview={(file) => setPreviewUrl(resolveFileUrl(file.url) ?? null)}
        showUploadList={{ showPreviewIcon: true, showRemoveIcon: !disabled }}
      >
        {fileList.length >= maxCount ? null : (
          <span className={styles.add} aria-label={ariaLabel}>
            <PlusOutlined aria-hidden />
            <span>{t('upload.add')}</span>
          </span>
        )}
      </Upload>
      {previewUrl && (
        <Image
          style={{ display: 'none' }}
          src={previewUrl}
          alt=""
          preview={{
            open: true,
            src: previewUrl,
            onOpenChange: (open) => !open && setPreviewUrl(null),
          }}
        />
      )}
    </div>
  );
}
