import { DATA_SCOPES, type DataScope, type Role } from '@cityops/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Checkbox, Form, Input, Select, Spin, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BilingualNameFields } from '@/components/console/bilingual-name-fields';
import { ConsoleFormDialog } from '@/components/console/console-form-dialog';
import { toast } from '@/lib/toast';
import { roleQuery, useCreateRole, useUpdateRole } from '../api/roles';
import { useGrantable } from '../api/get-grantable';
import { consoleRules } from '@/lib/forms/form-rules';
import { useVersionedSave } from '@/lib/forms/use-versioned-save';
import { type NameValues, nameValues, trimmedNames } from '@/lib/local-name';
import { indexTree } from '../lib/permission-tree';
import { UnitTreeSelect } from './unit-tree-select';
import { PermissionTree } from './permission-tree';

export interface RoleDialogProps {
  /** The role to edit; null for a new one. */
  role: Role | null;
  /** The data scopes the caller may give (the server's answer with the roles). */
  dataScopes: readonly DataScope[];
  onClose(): void;
}

interface Values extends NameValues {
  id: string;
  dataScope: DataScope;
  secondFactor: boolean;
  assignable: boolean;
  /** Shown once the server has said which delegated administrators a save leaves weaker. */
  confirmReachLoss?: boolean;
  unitIds: number[];
}

const FIELDS = [
  'id',
  'name',
  'nameEn',
  'dataScope',
  'secondFactor',
  'assignable',
  'unitIds',
  'entryIds',
  'confirmReachLoss',
];

function valuesOf(role: Role | null): Values {
  return {
    id: role?.id ?? '',
    ...nameValues(role),
    dataScope: role?.dataScope ?? 'unit',
    secondFactor: role?.secondFactor ?? false,
    assignable: role?.assignable ?? false,
    unitIds: role?.unitIds ?? [],
  };
}

/**
 * Create or edit a role: names in both languages, the data scope (and its units),
 * and the entries it holds. Mounted for one role at a time. A save refused for a
 * stale version loads the newer role and says so.
 */
export function RoleDialog({ role, dataScopes, onClose }: RoleDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const dataScope = Form.useWatch('dataScope', form);
  const grantable = useGrantable();
  const create = useCreateRole();
  const update = useUpdateRole();
  const [held, setHeld] = useState<Set<number>>(() => new Set(role?.entryIds ?? []));
  const permissionsLabel = useId();
  const rules = consoleRules(t);

  const saver = useVersionedSave<Values, Role>({
    form,
    record: role,
    fields: FIELDS,
    async submit(values, editing) {
      const fields = {
        ...trimmedNames(values),
        dataScope: values.dataScope,
        secondFactor: values.secondFactor === true,
        assignable: values.assignable === true,
        unitIds: values.dataScope === 'units' ? (values.unitIds ?? []) : [],
        entryIds: [...held].sort((a, b) => a - b),
      };
      if (editing) {
        const confirmed = values.confirmReachLoss === true ? { confirmReachLoss: true } : {};
        await update.mutateAsync({
          id: editing.id,
          version: editing.version,
          input: { ...fields, ...confirmed },
        });
      } else {
        await create.mutateAsync({ id: values.id.trim(), ...fields });
      }
      toast.success({ content: t('system.roles.dialog.saved') });
      onClose();
    },
    // The HTTP client shows why a role could not be read.
    reload: (editing) => queryClient.fetchQuery({ ...roleQuery(editing.id), staleTime: 0 }),
    show: (fresh) => {
      setHeld(new Set(fresh.entryIds));
      form.setFieldsValue(valuesOf(fresh));
    },
  });

  // Entries the caller cannot grant are kept as they are, never dropped unseen.
  const grantableIds = grantable.data ? indexTree(grantable.data).parent : null;

  return (
    <ConsoleFormDialog<Values>
      title={role ? t('system.roles.dialog.editTitle') : t('system.roles.dialog.createTitle')}
      form={form}
      name="system-role"
      initialValues={valuesOf(role)}
      save={saver}
      onCancel={onClose}
      dialogProps={{ width: 720 }}
    >
      <Form.Item
        name="id"
        label={t('system.roles.dialog.code')}
        rules={role ? [] : rules.roleCode}
        extra={role ? undefined : t('system.roles.dialog.codeHelp')}
      >
        <Input maxLength={32} autoComplete="off" spellCheck={false} disabled={role !== null} />
      </Form.Item>
      <BilingualNameFields />
      <Form.Item
        name="dataScope"
        label={t('system.roles.dialog.dataScope')}
        rules={rules.requiredChoice}
      >
        <Select
          options={DATA_SCOPES.filter((scope) => dataScopes.includes(scope)).map((scope) => ({
            value: scope,
            label: t(`system.roles.scope.${scope}`),
          }))}
        />
      </Form.Item>
      <Form.Item
        name="secondFactor"
        valuePropName="checked"
        extra={t('system.roles.dialog.secondFactorHelp')}
      >
        <Checkbox>{t('system.roles.dialog.secondFactor')}</Checkbox>
      </Form.Item>
      <Form.Item
        name="assignable"
        valuePropName="checked"
        extra={t('system.roles.dialog.assignableHelp')}
      >
        <Checkbox>{t('system.roles.dialog.assignable')}</Checkbox>
      </Form.Item>
      {/* The server asks for this (system.role.reachLoss) when a save would leave a
          delegated administrator weaker than the accounts it manages; kept mounted so
          its error lands, shown once asked. */}
      <Form.Item noStyle shouldUpdate>
        {() => (
          <Form.Item
            name="confirmReachLoss"
            valuePropName="checked"
            hidden={
              form.getFieldError('confirmReachLoss').length === 0 &&
              form.getFieldValue('confirmReachLoss') !== true
            }
          >
            <Checkbox>{t('system.roles.dialog.confirmReachLoss')}</Checkbox>
          </Form.Item>
        )}
      </Form.Item>
      {dataScope === 'units' && (
        <Form.Item
          name="unitIds"
          label={t('system.roles.dialog.units')}
          rules={[
            { required: true, type: 'array', min: 1, message: t('system.role.unitsRequired') },
          ]}
        >
          <UnitTreeSelect multiple allowClear />
        </Form.Item>
      )}
      <Form.Item
        label={<span id={permissionsLabel}>{t('system.roles.dialog.permissions')}</span>}
        extra={t('system.roles.dialog.permissionsHelp')}
      >
        {grantable.isPending ? (
          <Spin />
        ) : (
          <PermissionTree
            entries={grantable.data ?? []}
            value={held}
            onChange={(next) => {
              // What lies outside the grantable tree stays held as it was.
              for (const id of held) if (grantableIds && !grantableIds.has(id)) next.add(id);
              setHeld(next);
            }}
            labelledBy={permissionsLabel}
            disabled={saver.saving}
          />
        )}
      </Form.Item>
      {saver.current && (
        <Typography.Text type="secondary">
          {t('system.roles.column.users')}: {saver.current.userCount}
        </Typography.Text>
      )}
    </ConsoleFormDialog>
  );
}
