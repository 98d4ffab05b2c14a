import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsoleDialog } from '@/components/console/console-dialog';
import { toast } from '@/lib/toast';
import { copyText } from '@/lib/clipboard';

export interface IssuedSecret {
  /** The subsystem's name in the reader's language. */
  name: string;
  clientId: string;
  secret: string;
}

/**
 * A confidential subsystem's client secret, shown this once: the page keeps it
 * only while the dialog is open; the server keeps only its hash.
 */
export function SubsystemSecretDialog({
  issued,
  onClose,
}: {
  issued: IssuedSecret | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const labelId = useId();

  async function copy() {
    if (!issued) return;
    if (await copyText(issued.secret))
      toast.success({ content: t('system.subsystems.secret.copied') });
    else toast.warning({ content: t('system.subsystems.secret.copyFailed') });
  }

  return (
    <ConsoleDialog
      open={issued !== null}
      title={t('system.subsystems.secret.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t('system.subsystems.secret.done')}
        </Button>
      }
    >
      {issued && (
        <Flex vertical gap={12}>
          <Typography.Text id={labelId}>
            {t('system.subsystems.secret.intro', { name: issued.name, clientId: issued.clientId })}
          </Typography.Text>
          <Flex gap={8} align="center" wrap>
            <Typography.Text
              code
              aria-labelledby={labelId}
              data-testid="issued-secret"
              style={{ fontSize: '1.1em', userSelect: 'all', wordBreak: 'break-all' }}
            >
              {issued.secret}
            </Typography.Text>
            <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
              {t('system.subsystems.secret.copy')}
            </Button>
          </Flex>
          <Alert type="warning" showIcon title={t('system.subsystems.secret.once')} />
        </Flex>
      )}
    </ConsoleDialog>
  );
}
