import {
  SUBSYSTEM_CLAIMS,
  SUBSYSTEM_CLIENT_ID_PATTERN,
  SUBSYSTEM_DEFAULT_CLAIMS,
  SUBSYSTEM_KINDS,
  SUBSYSTEM_MAX_ADDRESSES,
  SUBSYSTEM_TOKEN_LIFETIME_DEFAULT,
  SUBSYSTEM_TOKEN_LIFETIME_MAX,
  SUBSYSTEM_TOKEN_LIFETIME_MIN,
  type Subsystem,
  type SubsystemClaim,
  type SubsystemIssued,
  type SubsystemKind,
  isSubsystemAddress,
  isSubsystemOrigin,
} from '@cityops/contract';
import { Alert, Checkbox, Form, Input, InputNumber, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { BilingualNameFields } from '@/components/console/bilingual-name-fields';
import { ConsoleFormDialog } from '@/components/console/console-form-dialog';
import { useVersionedSave } from '@/lib/forms/use-versioned-save';
import { toast } from '@/lib/toast';
import { useCreateSubsystem, useUpdateSubsystem } from '../api/subsystems';
import { type NameValues, nameValues, trimmedNames } from '@/lib/local-name';

export interface SubsystemDialogProps {
  /** The registration to edit, or null for a new one. */
  subsystem: Subsystem | null;
  onClose(): void;
  /** A secret the server answered (a new confidential client): shown once by the page. */
  onIssued(issued: SubsystemIssued): void;
  onReload(): Promise<readonly Subsystem[]>;
}

interface Values extends NameValues {
  clientId: string;
  kind: SubsystemKind;
  origins: string;
  redirectUris: string;
  postLogoutRedirectUris: string;
  backchannelLogoutUri: string;
  claims: SubsystemClaim[];
  tokenLifetime: number | null;
  enabled: boolean;
}

const FIELDS = [
  'clientId',
  'name',
  'nameEn',
  'kind',
  'origins',
  'redirectUris',
  'postLogoutRedirectUris',
  'backchannelLogoutUri',
  'claims',
  'tokenLifetime',
  'enabled',
];

/** A list of addresses as the form holds it: one a line. */
const lines = (text: string | undefined) =>
  (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

function valuesOf(subsystem: Subsystem | null): Values {
  return {
    clientId: subsystem?.clientId ?? '',
    ...nameValues(subsystem),
    kind: subsystem?.kind ?? 'confidential',
    origins: (subsystem?.origins ?? []).join('\n'),
    redirectUris: (subsystem?.redirectUris ?? []).join('\n'),
    postLogoutRedirectUris: (subsystem?.postLogoutRedirectUris ?? []).join('\n'),
    backchannelLogoutUri: subsystem?.backchannelLogoutUri ?? '',
    claims: subsystem?.claims ?? [...SUBSYSTEM_DEFAULT_CLAIMS],
    tokenLifetime: subsystem?.tokenLifetime ?? SUBSYSTEM_TOKEN_LIFETIME_DEFAULT,
    enabled: subsystem?.enabled ?? true,
  };
}

/**
 * Register or change a subsystem (issue 22): client id (fixed once made), names,
 * public or confidential, its addresses (one a line), the user information it
 * may receive and its tokens' lifetime. A new confidential client's secret is
 * answered once and handed to the page to show.
 */
export function SubsystemDialog({ subsystem, onClose, onIssued, onReload }: SubsystemDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const create = useCreateSubsystem();
  const update = useUpdateSubsystem();

  const addressList = (test: (value: string) => boolean, key: string) => [
    {
      validator: async (_rule: unknown, value: unknown) => {
        const list = lines(typeof value === 'string' ? value : '');
        if (list.length > SUBSYSTEM_MAX_ADDRESSES) {
          throw new Error(t('system.subsystem.tooManyAddresses'));
        }
        if (new Set(list).size !== list.length) {
          throw new Error(t('system.subsystem.duplicateAddress'));
        }
        const wrong = list.find((address) => !test(address));
        if (wrong) throw new Error(`${t(key)} (${wrong})`);
      },
    },
  ];

  const saver = useVersionedSave<Values, Subsystem>({
    form,
    record: subsystem,
    fields: FIELDS,
    async submit(values, editing) {
      const input = {
        ...trimmedNames(values),
        kind: values.kind,
        origins: lines(values.origins),
        redirectUris: lines(values.redirectUris),
        postLogoutRedirectUris: lines(values.postLogoutRedirectUris),
        backchannelLogoutUri: values.backchannelLogoutUri.trim() || null,
        claims: SUBSYSTEM_CLAIMS.filter((claim) => values.claims.includes(claim)),
        tokenLifetime: values.tokenLifetime ?? SUBSYSTEM_TOKEN_LIFETIME_DEFAULT,
        enabled: values.enabled,
      };
      const issued = editing
        ? await update.mutateAsync({ id: editing.id, version: editing.version, input })
        : await create.mutateAsync({ ...input, clientId: values.clientId.trim() });
      toast.success({ content: t('system.subsystems.dialog.saved') });
      onClose();
      if (issued.clientSecret) onIssued(issued);
    },
    reload: async (editing) => (await onReload()).find((item) => item.id === editing.id),
    show: (fresh) => form.setFieldsValue(valuesOf(fresh)),
  });
  const builtIn = saver.current?.builtIn ?? false;

  return (
    <ConsoleFormDialog<Values>
      title={
        subsystem
          ? t('system.subsystems.dialog.editTitle')
          : t('system.subsystems.dialog.createTitle')
      }
      form={form}
      name="system-subsystem"
      initialValues={valuesOf(subsystem)}
      save={saver}
      onCancel={onClose}
      dialogProps={{ width: 720 }}
      notice={
        builtIn && (
          <Alert
            type="info"
            showIcon
            title={t('system.subsystems.dialog.builtInNote')}
            style={{ marginBottom: 16 }}
          />
        )
      }
    >
      <Form.Item
        name="clientId"
        label={t('system.subsystems.field.clientId')}
        extra={t('system.subsystems.field.clientIdHelp')}
        rules={[
          { required: true, whitespace: true, message: t('validation.required') },
          {
            pattern: SUBSYSTEM_CLIENT_ID_PATTERN,
            message: t('system.subsystem.clientIdInvalid'),
          },
        ]}
      >
        <Input maxLength={64} autoComplete="off" spellCheck={false} disabled={subsystem !== null} />
      </Form.Item>
      <BilingualNameFields />
      <Form.Item
        name="kind"
        label={t('system.subsystems.field.kind')}
        extra={t('system.subsystems.field.kindHelp')}
      >
        <Radio.Group
          disabled={builtIn}
          options={SUBSYSTEM_KINDS.map((value) => ({
            value,
            label: t(`system.subsystems.kind.${value}`),
          }))}
        />
      </Form.Item>
      <Form.Item
        name="origins"
        label={t('system.subsystems.field.origins')}
        extra={t('system.subsystems.field.originsHelp')}
        rules={addressList(isSubsystemOrigin, 'system.subsystem.originInvalid')}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} spellCheck={false} />
      </Form.Item>
      <Form.Item
        name="redirectUris"
        label={t('system.subsystems.field.redirectUris')}
        extra={t('system.subsystems.field.redirectUrisHelp')}
        rules={addressList(isSubsystemAddress, 'system.subsystem.addressInvalid')}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} spellCheck={false} />
      </Form.Item>
      <Form.Item
        name="postLogoutRedirectUris"
        label={t('system.subsystems.field.postLogoutRedirectUris')}
        extra={t('system.subsystems.field.linesHelp')}
        rules={addressList(isSubsystemAddress, 'system.subsystem.addressInvalid')}
      >
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 6 }} spellCheck={false} />
      </Form.Item>
      <Form.Item
        name="backchannelLogoutUri"
        label={t('system.subsystems.field.backchannelLogoutUri')}
        extra={t('system.subsystems.field.backchannelLogoutUriHelp')}
        rules={[
          {
            validator: async (_rule: unknown, value: unknown) => {
              const text = typeof value === 'string' ? value.trim() : '';
              if (text !== '' && !isSubsystemAddress(text)) {
                throw new Error(t('system.subsystem.addressInvalid'));
              }
            },
          },
        ]}
      >
        <Input maxLength={1000} autoComplete="off" spellCheck={false} inputMode="url" />
      </Form.Item>
      <Form.Item
        name="claims"
        label={t('system.subsystems.field.claims')}
        extra={t('system.subsystems.field.claimsHelp')}
      >
        <Checkbox.Group
          options={SUBSYSTEM_CLAIMS.map((claim) => ({
            value: claim,
            label: t(`system.subsystems.claim.${claim}`),
          }))}
        />
      </Form.Item>
      <Form.Item
        name="tokenLifetime"
        label={t('system.subsystems.field.tokenLifetime')}
        extra={t('system.subsystems.field.tokenLifetimeHelp', {
          min: SUBSYSTEM_TOKEN_LIFETIME_MIN,
          max: SUBSYSTEM_TOKEN_LIFETIME_MAX,
          default: SUBSYSTEM_TOKEN_LIFETIME_DEFAULT,
        })}
        rules={[
          { required: true, message: t('validation.required') },
          {
            // Refused with the rule, never clamped or rounded: 30 must not quietly become 60.
            validator: async (_rule: unknown, value: unknown) => {
              if (typeof value !== 'number') return;
              if (
                !Number.isInteger(value) ||
                value < SUBSYSTEM_TOKEN_LIFETIME_MIN ||
                value > SUBSYSTEM_TOKEN_LIFETIME_MAX
              ) {
                throw new Error(t('system.subsystem.lifetimeRange'));
              }
            },
          },
        ]}
      >
        <InputNumber style={{ width: 160 }} />
      </Form.Item>
      <Form.Item
        name="enabled"
        label={t('system.subsystems.field.enabled')}
        valuePropName="checked"
        extra={t('system.subsystems.field.enabledHelp')}
      >
        <Switch />
      </Form.Item>
      <Alert type="info" showIcon title={t('system.subsystems.dialog.menuHint')} />
    </ConsoleFormDialog>
  );
}
