import { ErrorCode, TOTP_CODE_PATTERN } from '@cityops/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, List, Space, Typography } from 'antd';
import { ConsoleDialog } from '@/components/console/console-dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/http/api-error';
import { registerTexts } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { profileTexts } from '@/locales/profile-texts';
import { useUserStore } from '@/stores/user-store';
import { confirmSecondFactor } from '../api/confirm-second-factor';
import { getProfile } from '../api/get-profile';
import { useSecondFactor } from '../api/get-second-factor';
import { profileKeys } from '../api/query-keys';
import { removeSecondFactor } from '../api/remove-second-factor';
import { startSecondFactor } from '../api/start-second-factor';
import { formatDateTime } from '@/lib/date-time';

registerTexts(profileTexts);

/** The key as authenticator apps print it: groups of four, easier to type. */
function grouped(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/** Saves the recovery codes as a text file the person keeps. */
function downloadCodes(codes: string[], heading: string): void {
  const blob = new Blob([`${heading}\r\n\r\n${codes.join('\r\n')}\r\n`], {
    type: 'text/plain;charset=utf-8',
  });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = 'recovery-codes.txt';
  link.click();
  URL.revokeObjectURL(link.href);
}

type Step =
  | { kind: 'status' }
  | { kind: 'scan'; qrCode: string; secret: string }
  | { kind: 'recovery'; codes: string[] };

/**
 * The personal area's two-step verification (issue 13): set up by scanning a QR
 * code and confirming its first code, the recovery codes shown once, turned off
 * with a code unless a role requires it.
 */
export function SecondFactorDialog({
  open,
  forced = false,
  onClose,
}: {
  open: boolean;
  /** Nothing else works until it is set up: no closing, only signing out (`onClose`). */
  forced?: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useSecondFactor();
  const [step, setStep] = useState<Step>({ kind: 'status' });
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ code: string }>();

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: profileKeys.secondFactor() });
    // The shell's reminder follows the user info.
    const username = useUserStore.getState().username;
    if (username) useUserStore.getState().setUserInfo(await getProfile(username));
  };

  async function run(work: () => Promise<void>) {
    if (busy) return;
    setBusy(true);
    try {
      await work();
    } catch (error) {
      // A wrong code is said at the field; anything else the HTTP client has shown.
      if (error instanceof ApiError && error.code === ErrorCode.SECOND_FACTOR_INVALID) {
        form.setFields([{ name: 'code', errors: [error.message] }]);
      }
    } finally {
      setBusy(false);
    }
  }

  const setUp = () =>
    run(async () => {
      const enrolment = await startSecondFactor();
      form.resetFields();
      setStep({ kind: 'scan', qrCode: enrolment.qrCode, secret: enrolment.secret });
    });

  const confirm = ({ code }: { code: string }) =>
    run(async () => {
      const { recoveryCodes } = await confirmSecondFactor(code.trim());
      setStep({ kind: 'recovery', codes: recoveryCodes });
      // When forced, the shell opens once the status says "set up": not before the
      // recovery codes have been seen.
      if (!forced) await refresh();
    });

  const turnOff = ({ code }: { code: string }) =>
    run(async () => {
      await removeSecondFactor(code.trim());
      toast.success({ content: t('twoStep.turnedOff') });
      form.resetFields();
      await refresh();
    });

  const codeField = (label: string, pattern?: RegExp) => (
    <Form.Item
      name="code"
      label={label}
      rules={[
        { required: true, message: t('twoStep.codeInvalid') },
        ...(pattern ? [{ pattern, message: t('twoStep.codeInvalid') }] : []),
      ]}
    >
      <Input
        autoComplete="one-time-code"
        maxLength={16}
        placeholder={pattern ? t('twoStep.codePlaceholder') : undefined}
        style={{ maxWidth: 220 }}
      />
    </Form.Item>
  );

  let body;
  if (step.kind === 'scan') {
    body = (
      <Form form={form} layout="vertical" name="second-factor-enrol" onFinish={confirm}>
        <Typography.Paragraph>{t('twoStep.scan')}</Typography.Paragraph>
        <img src={step.qrCode} alt={t('twoStep.qrImage')} width={220} height={220} />
        <Typography.Paragraph style={{ marginTop: 12 }}>
          {t('twoStep.manualKey')}{' '}
          <Typography.Text code copyable={{ text: step.secret }} data-testid="second-factor-secret">
            {grouped(step.secret)}
          </Typography.Text>
        </Typography.Paragraph>
        {codeField(t('twoStep.code'), TOTP_CODE_PATTERN)}
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('twoStep.confirm')}
        </Button>
      </Form>
    );
  } else if (step.kind === 'recovery') {
    body = (
      <>
        <Typography.Title level={3} style={{ fontSize: '1.1em' }}>
          {t('twoStep.recoveryTitle')}
        </Typography.Title>
        <Typography.Paragraph>{t('twoStep.recoveryHelp')}</Typography.Paragraph>
        <List
          size="small"
          bordered
          dataSource={step.codes}
          renderItem={(code) => (
            <List.Item>
              <Typography.Text code data-testid="recovery-code">
                {code}
              </Typography.Text>
            </List.Item>
          )}
        />
        <Space style={{ marginTop: 16 }} wrap>
          <Button
            onClick={() =>
              void navigator.clipboard
                .writeText(step.codes.join('\n'))
                .then(() => toast.success({ content: t('twoStep.copied') }))
                .catch(() => toast.error({ content: t('twoStep.copyFailed') }))
            }
          >
            {t('twoStep.copyAll')}
          </Button>
          <Button onClick={() => downloadCodes(step.codes, t('twoStep.fileHeading'))}>
            {t('twoStep.download')}
          </Button>
        </Space>
        <Button
          type="primary"
          style={{ marginTop: 16, display: 'block' }}
          onClick={() => {
            setStep({ kind: 'status' });
            if (forced) void refresh();
          }}
        >
          {t('twoStep.recoveryDone')}
        </Button>
      </>
    );
  } else if (status.data?.enrolled) {
    const date = status.data.enrolledAt ? formatDateTime(status.data.enrolledAt) : '';
    body = (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert
          type="success"
          showIcon
          title={t('twoStep.on', { date, count: status.data.recoveryCodesLeft })}
        />
        {status.data.required ? (
          <Typography.Paragraph>{t('twoStep.keptByRole')}</Typography.Paragraph>
        ) : (
          <Form form={form} layout="vertical" name="second-factor-remove" onFinish={turnOff}>
            {codeField(t('twoStep.turnOffCode'))}
            <Button danger htmlType="submit" loading={busy}>
              {t('twoStep.turnOff')}
            </Button>
          </Form>
        )}
      </Space>
    );
  } else {
    body = (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph>{t('twoStep.intro')}</Typography.Paragraph>
        <Alert
          type={status.data?.required ? 'warning' : 'info'}
          showIcon
          title={status.data?.required ? t('twoStep.required') : t('twoStep.off')}
        />
        <Button
          type="primary"
          loading={busy}
          disabled={status.isPending}
          onClick={() => void setUp()}
        >
          {t('twoStep.setUp')}
        </Button>
      </Space>
    );
  }

  return (
    <ConsoleDialog
      open={open}
      title={t('twoStep.title')}
      onCancel={onClose}
      closable={!forced}
      mask={{ closable: !forced }}
      keyboard={!forced}
      footer={
        <Button onClick={onClose}>{forced ? t('twoStep.signOut') : t('twoStep.close')}</Button>
      }
      destroyOnHidden
    >
      {body}
    </ConsoleDialog>
  );
}
