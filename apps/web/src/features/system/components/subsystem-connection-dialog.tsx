import type { Subsystem, SubsystemProvider } from '@cityops/contract';
import { Button, Descriptions, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConsoleDialog } from '@/components/console/console-dialog';
import { copyText } from '@/lib/clipboard';
import { localName } from '@/lib/local-name';
import { toast } from '@/lib/toast';
import { useSubsystemProvider } from '../api/get-subsystem-provider';

export interface SubsystemConnectionDialogProps {
  open: boolean;
  /** The registration whose settings are added, or null for the platform's alone. */
  subsystem: Subsystem | null;
  onClose(): void;
}

const PROVIDER_FIELDS = [
  'issuer',
  'discovery',
  'authorization',
  'token',
  'userinfo',
  'jwks',
  'revocation',
  'endSession',
] as const satisfies readonly (keyof SubsystemProvider)[];

interface Row {
  key: string;
  label: string;
  values: string[];
}

/**
 * What the administrator sends a subsystem's vendor (issue 31; docs/subsystems.md): the
 * registration's client id, type and addresses, and the platform's issuer, discovery
 * address and endpoints as the server names them (its issuer, never this page's
 * address). Each value is copyable, and all of it at once as text.
 */
export function SubsystemConnectionDialog({
  open,
  subsystem,
  onClose,
}: SubsystemConnectionDialogProps) {
  const { t, i18n } = useTranslation();
  const provider = useSubsystemProvider(open);
  const text = (key: string) => t(`system.subsystems.connection.${key}`);

  const rows: Row[] = [];
  if (subsystem) {
    rows.push(
      { key: 'clientId', label: text('clientId'), values: [subsystem.clientId] },
      {
        key: 'kind',
        label: text('kind'),
        values: [t(`system.subsystems.kind.${subsystem.kind}`)],
      },
      { key: 'redirectUris', label: text('redirectUris'), values: subsystem.redirectUris },
      {
        key: 'postLogoutRedirectUris',
        label: text('postLogoutRedirectUris'),
        values: subsystem.postLogoutRedirectUris,
      },
      { key: 'origins', label: text('origins'), values: subsystem.origins },
    );
  }
  if (provider.data) {
    for (const field of PROVIDER_FIELDS) {
      rows.push({ key: field, label: text(field), values: [provider.data[field]] });
    }
  }

  async function copyAll() {
    const none = t('system.subsystems.none');
    const all = rows
      .map((row) => `${row.label}: ${row.values.length ? row.values.join(' ') : none}`)
      .join('\n');
    if (await copyText(all)) toast.success({ content: text('copied') });
    else toast.warning({ content: text('copyFailed') });
  }

  return (
    <ConsoleDialog
      open={open}
      title={
        subsystem
          ? t('system.subsystems.connection.titleOf', { name: localName(subsystem, i18n.language) })
          : text('title')
      }
      onCancel={onClose}
      destroyOnHidden
      width={760}
      footer={
        <Flex gap={8} justify="end" wrap>
          <Button onClick={() => void copyAll()} disabled={!provider.data}>
            {text('copyAll')}
          </Button>
          <Button type="primary" onClick={onClose}>
            {text('close')}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph style={{ marginBottom: 0 }}>{text('intro')}</Typography.Paragraph>
        {/* A failed read is told by the HTTP client's message. */}
        {provider.isPending ? (
          <Spin />
        ) : (
          <Descriptions
            bordered
            size="small"
            column={1}
            styles={{ label: { width: 180 } }}
            items={rows.map((row) => ({
              key: row.key,
              label: row.label,
              children: row.values.length ? (
                <Flex vertical>
                  {row.values.map((value) => (
                    <Typography.Text
                      key={value}
                      data-field={row.key}
                      style={{ wordBreak: 'break-all' }}
                      copyable={{
                        text: value,
                        tooltips: [
                          t('system.subsystems.connection.copy', { label: row.label }),
                          text('copied'),
                        ],
                      }}
                    >
                      {value}
                    </Typography.Text>
                  ))}
                </Flex>
              ) : (
                t('system.subsystems.none')
              ),
            }))}
          />
        )}
      </Flex>
    </ConsoleDialog>
  );
}
