import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsoleDialog } from '@/components/console/console-dialog';
import { toast } from '@/lib/toast';
import { copyText } from '@/lib/clipboard';

export interface IssuedPassword {
  name: string;
  username: string;
  password: string;
  /** A new account, or a reset one. */
  reason: 'created' | 'reset';
}

export interface IssuedPasswordDialogProps {
  issued: IssuedPassword | null;
  onClose(): void;
}

/**
 * The generated password of a new or reset account, shown this once: the page
 * keeps it only while the dialog is open (the server never shows it again), and
 * the user must change it at their first sign-in.
 */
export function IssuedPasswordDialog({ issued, onClose }: IssuedPasswordDialogProps) {
  const { t } = useTranslation();
  const labelId = useId();

  async function copy() {
    if (!issued) return;
    if (await copyText(issued.password))
      toast.success({ content: t('system.users.password.copied') });
    else toast.warning({ content: t('system.users.password.copyFailed') });
  }

  return (
    <ConsoleDialog
      open={issued !== null}
      title={
        issued?.reason === 'reset'
          ? t('system.users.password.resetTitle')
          : t('system.users.password.createdTitle')
      }
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t('system.users.password.done')}
        </Button>
      }
    >
      {issued && (
        <Flex vertical gap={12}>
          <Typography.Text id={labelId}>
            {t(
              // A reset gives a new password, not an initial one (issue 31).
              issued.reason === 'reset'
                ? 'system.users.password.introReset'
                : 'system.users.password.intro',
              { name: issued.name, username: issued.username },
            )}
          </Typography.Text>
          <Flex gap={8} align="center" wrap>
            <Typography.Text
              code
              copyable={false}
              aria-labelledby={labelId}
              data-testid="issued-password"
              style={{ fontSize: '1.25em', userSelect: 'all' }}
            >
              {issued.password}
            </Typography.Text>
            <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
              {t('system.users.password.copy')}
            </Button>
          </Flex>
          <Alert type="warning" showIcon title={t('system.users.password.once')} />
        </Flex>
      )}
    </ConsoleDialog>
  );
}
