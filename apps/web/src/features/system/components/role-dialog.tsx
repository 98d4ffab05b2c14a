import { DATA_SCOPES, type DataScope, type Role, type UnitNode } from '@cityops/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Checkbox, Form, Input, Select, Spin, TreeSelect, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsoleDialog } from '@/components/console/console-dialog';
import { dialogFormLayout } from '@/lib/forms/dialog-form-layout';
import { toast } from '@/lib/toast';
import { roleQuery, useCreateRole, useUpdateRole } from '../api/roles';
import { useGrantable } from '../api/get-grantable';
import { consoleRules } from '@/lib/forms/form-rules';
import { useVersionedSave } from '@/lib/forms/use-versioned-save';
import { indexTree } from '../lib/permission-tree';
import { unitOptions } from '../lib/unit-tree';
import { PermissionTree } from './permission-tree';
import { englishNameInput } from '@/lib/local-name';

export interface RoleDialogProps {
  /** The role to edit; null for a new one. */
  role: Role | null;
  units: readonly UnitNode[];
  /** The data scopes the caller may give (the server's answer with the roles). */
  dataScopes: readonly DataScope[];
  onClose(): void;
}

interface Values {
  id: string;
  name: string;
  nameEn: string;
  dataScope: DataScope;
  secondFactor: boolean;
  unitIds: number[];
}

const FIELDS = ['id', 'name', 'nameEn', 'dataScope', 'secondFactor', 'unitIds', 'entryIds'];

function valuesOf(role: Role | null): Values {
  return {
    id: role?.id ?? '',
    name: role?.name ?? '',
    nameEn: englishNameInput(role),
    dataScope: role?.dataScope ?? 'unit',
    secondFactor: role?.secondFactor ?? false,
    unitIds: role?.unitIds ?? [],
  };
}

/**
 * Create or edit a role: names in both languages, the data scope (and its units),
 * and the entries it holds. Mounted for one role at a time. A save refused for a
 * stale version loads the newer role and says so.
 */
export function RoleDialog({ role, units, dataScopes, onClose }: RoleDialogProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const dataScope = Form.useWatch('dataScope', form);
  const grantable = useGrantable();
  const create = useCreateRole();
  const update = useUpdateRole();
  const [held, setHeld] = useState<Set<number>>(() => new Set(role?.entryIds ?? []));
  const permissionsLabel = useId();
  const rules = consoleRules(t);

  const { current, failure, saving, save } = useVersionedSave<Values, Role>({
    form,
    record: role,
    fields: FIELDS,
    async submit(values, editing) {
      const fields = {
        name: values.name.trim(),
        nameEn: values.nameEn.trim(),
        dataScope: values.dataScope,
        secondFactor: values.secondFactor === true,
        unitIds: values.dataScope === 'units' ? (values.unitIds ?? []) : [],
        entryIds: [...held].sort((a, b) => a - b),
      };
      if (editing) {
        await update.mutateAsync({ id: editing.id, version: editing.version, input: fields });
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
    <ConsoleDialog
      open
      title={role ? t('system.roles.dialog.editTitle') : t('system.roles.dialog.createTitle')}
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={saving}
      width={720}
    >
      {failure && (
        <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />
      )}
      <Form<Values>
        form={form}
        name="system-role"
        {...dialogFormLayout(i18n.language)}
        initialValues={valuesOf(role)}
        disabled={saving}
      >
        <Form.Item
          name="id"
          label={t('system.roles.dialog.code')}
          rules={role ? [] : rules.roleCode}
          extra={role ? undefined : t('system.roles.dialog.codeHelp')}
        >
          <Input maxLength={32} autoComplete="off" spellCheck={false} disabled={role !== null} />
        </Form.Item>
        <Form.Item name="name" label={t('system.common.name')} rules={rules.title}>
          <Input maxLength={64} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="nameEn"
          label={t('system.common.nameEn')}
          rules={rules.nameEn}
          extra={t('system.common.nameEnHelp')}
        >
          <Input maxLength={128} autoComplete="off" lang="en" />
        </Form.Item>
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
        {dataScope === 'units' && (
          <Form.Item
            name="unitIds"
            label={t('system.roles.dialog.units')}
            rules={[
              { required: true, type: 'array', min: 1, message: t('system.role.unitsRequired') },
            ]}
          >
            <TreeSelect
              multiple
              allowClear
              treeData={unitOptions(units, i18n.language)}
              treeDefaultExpandAll
            />
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
              disabled={saving}
            />
          )}
        </Form.Item>
        {current && (
          <Typography.Text type="secondary">
            {t('system.roles.column.users')}: {current.userCount}
          </Typography.Text>
        )}
      </Form>
    </ConsoleDialog>
  );
}
