import {
  USER_IMPORT_MAX_BYTES,
  type UserImportRefusal,
  type UserImportResult,
} from '@cityops/contract';
import { CopyOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Table, Typography } from 'antd';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsoleDialog } from '@/components/console/console-dialog';
import { failureMessage } from '@/lib/forms/api-failure';
import { toast } from '@/lib/toast';
import { getImportTemplate } from '../api/get-import-template';
import { importRefusal, useImportUsers } from '../api/import-users';
import { saveFile } from '@/lib/save-file';
import { copyText } from '@/lib/clipboard';

export interface UserImportDialogProps {
  open: boolean;
  onClose(): void;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Users from an Excel file: the template, the upload, and the outcome. The
 * server imports every row or none; a refused file lists each row with what is
 * wrong, an accepted one lists the new accounts with their passwords (shown once).
 */
export function UserImportDialog({ open, onClose }: UserImportDialogProps) {
  const { t } = useTranslation();
  const importUsers = useImportUsers();
  const input = useRef<HTMLInputElement>(null);
  const fileLabelId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<UserImportRefusal | null>(null);
  const [result, setResult] = useState<UserImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);

  function reset() {
    setFile(null);
    setRefusal(null);
    setResult(null);
    setFailure(null);
    if (input.current) input.current.value = '';
  }

  function close() {
    // The passwords leave with the dialog: they are never shown again.
    reset();
    onClose();
  }

  function choose(chosen: File | null) {
    setRefusal(null);
    setResult(null);
    setFailure(null);
    if (!chosen) return setFile(null);
    if (!chosen.name.toLowerCase().endsWith('.xlsx')) {
      setFile(null);
      setFailure(t('system.users.importDialog.wrongType'));
      return;
    }
    if (chosen.size > USER_IMPORT_MAX_BYTES) {
      setFile(null);
      setFailure(
        t('system.users.importDialog.tooBig', { size: USER_IMPORT_MAX_BYTES / 1024 / 1024 }),
      );
      return;
    }
    setFile(chosen);
  }

  async function downloadTemplate() {
    setDownloading(true);
    try {
      saveFile(await getImportTemplate(), t('system.users.importDialog.templateFileName'));
    } catch {
      // The HTTP client has shown why.
    } finally {
      setDownloading(false);
    }
  }

  async function start() {
    if (!file || importUsers.isPending) return;
    setFailure(null);
    setRefusal(null);
    try {
      setResult(await importUsers.mutateAsync(file));
    } catch (error) {
      const rows = importRefusal(error);
      if (rows) setRefusal(rows);
      else setFailure(failureMessage(error, t('error.server')));
    }
  }

  async function copyAll() {
    if (!result) return;
    const lines = result.created.map(
      (row) => `${row.username}\t${row.name}\t${row.initialPassword}`,
    );
    if (await copyText(lines.join('\n'))) {
      toast.success({ content: t('system.users.password.copied') });
    } else {
      toast.warning({ content: t('system.users.password.copyFailed') });
    }
  }

  return (
    <ConsoleDialog
      open={open}
      title={t('system.users.importDialog.title')}
      onCancel={close}
      width={720}
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={close}>{t('system.common.close')}</Button>
          {!result && (
            <Button
              type="primary"
              disabled={!file}
              loading={importUsers.isPending}
              onClick={() => void start()}
            >
              {t('system.users.importDialog.start')}
            </Button>
          )}
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph style={{ margin: 0 }}>
          {t('system.users.importDialog.intro')}
        </Typography.Paragraph>
        <Flex gap={8} wrap align="center">
          <Button
            icon={<DownloadOutlined aria-hidden />}
            loading={downloading}
            onClick={() => void downloadTemplate()}
          >
            {t('system.users.importDialog.template')}
          </Button>
          <input
            ref={input}
            type="file"
            accept={`.xlsx,${XLSX_TYPE}`}
            aria-labelledby={fileLabelId}
            hidden
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
          />
          <Button
            icon={<UploadOutlined aria-hidden />}
            disabled={importUsers.isPending}
            onClick={() => input.current?.click()}
          >
            {t('system.users.importDialog.choose')}
          </Button>
          <Typography.Text id={fileLabelId} type={file ? undefined : 'secondary'}>
            <span className="visually-hidden">{t('system.users.importDialog.file')}: </span>
            {file?.name ?? t('system.users.importDialog.noFile')}
          </Typography.Text>
        </Flex>
        {failure && <Alert type="error" showIcon role="alert" title={failure} />}
        {refusal && (
          <>
            <Alert
              type="error"
              showIcon
              role="alert"
              title={t('system.users.importDialog.refused', { count: refusal.rows.length })}
            />
            <Table
              size="small"
              rowKey="row"
              aria-label={t('system.users.importDialog.refusedRows')}
              dataSource={refusal.rows}
              pagination={refusal.rows.length > 10 ? { pageSize: 10 } : false}
              columns={[
                {
                  key: 'row',
                  dataIndex: 'row',
                  title: t('system.users.importDialog.row'),
                  width: 80,
                },
                {
                  key: 'messages',
                  dataIndex: 'messages',
                  title: t('system.users.importDialog.messages'),
                  render: (messages: string[]) => (
                    <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                      {messages.map((message) => (
                        <li key={message}>{message}</li>
                      ))}
                    </ul>
                  ),
                },
              ]}
            />
          </>
        )}
        {result && (
          <>
            <Alert
              type="success"
              showIcon
              role="status"
              title={t('system.users.importDialog.created', { count: result.created.length })}
            />
            <Alert type="warning" showIcon title={t('system.users.importDialog.createdNote')} />
            <Flex justify="flex-end">
              <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copyAll()}>
                {t('system.users.importDialog.copyAll')}
              </Button>
            </Flex>
            <Table
              size="small"
              rowKey="row"
              aria-label={t('system.users.importDialog.createdRows')}
              dataSource={result.created}
              pagination={result.created.length > 10 ? { pageSize: 10 } : false}
              columns={[
                {
                  key: 'row',
                  dataIndex: 'row',
                  title: t('system.users.importDialog.row'),
                  width: 80,
                },
                {
                  key: 'username',
                  dataIndex: 'username',
                  title: t('system.users.column.username'),
                },
                { key: 'name', dataIndex: 'name', title: t('system.users.column.name') },
                {
                  key: 'initialPassword',
                  dataIndex: 'initialPassword',
                  title: t('system.users.importDialog.password'),
                  render: (password: string) => <Typography.Text code>{password}</Typography.Text>,
                },
              ]}
            />
          </>
        )}
      </Flex>
    </ConsoleDialog>
  );
}
