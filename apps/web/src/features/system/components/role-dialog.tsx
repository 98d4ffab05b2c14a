import { DATA_SCOPES, type DataScope, type Role, type UnitNode } from '@cityops/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Select, Spin, TreeSelect, Typography } from 'antd';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage, isConflict, showFieldErrors } from '@/lib/forms/api-failure';
import { dialogFormLayout } from '@/lib/forms/dialog-form-layout';
import { toast } from '@/lib/toast';
import { useCreateRole } from '../api/create-role';
import { useGrantable } from '../api/get-grantable';
import { roleQuery } from '../api/get-role';
import { useUpdateRole } from '../api/update-role';
import { systemRules } from '../lib/form-rules';
import { indexTree } from '../lib/permission-tree';
import { unitOptions } from '../lib/unit-tree';
import { PermissionTree } from './permission-tree';

export interface RoleDialogProps {
  /** The role to edit; null for a new one. */
  role: Role | null;
  units: readonly UnitNode[];
  onClose(): void;
}

interface Values {
  id: string;
  name: string;
  nameEn: string;
  dataScope: DataScope;
  unitIds: number[];
}

const FIELDS = ['id', 'name', 'nameEn', 'dataScope', 'unitIds', 'entryIds'];

function valuesOf(role: Role | null): Values {
  return {
    id: role?.id ?? '',
    name: role?.name ?? '',
    nameEn: role?.nameEn ?? '',
    dataScope: role?.dataScope ?? 'unit',
    unitIds: role?.unitIds ?? [],
  };
}

/**
 * Create or edit a role: names in both languages, the data scope (and its units),
 * and the entries it holds. Mounted for one role at a time. A save refused for a
 * stale version loads the newer role and says so.
 */
export function RoleDialog({ role, units, onClose }: RoleDialogProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const dataScope = Form.useWatch('dataScope', form);
  const grantable = useGrantable();
  const create = useCreateRole();
  const update = useUpdateRole();
  const [current, setCurrent] = useState<Role | null>(role);
  const [held, setHeld] = useState<Set<number>>(() => new Set(role?.entryIds ?? []));
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const busy = useRef(false);
  const permissionsLabel = useId();
  const rules = systemRules(t);

  async function save() {
    if (busy.current) return;
    busy.current = true;
    try {
      let values: Values;
      try {
        values = await form.validateFields();
      } catch {
        return;
      }
      setSaving(true);
      setFailure(null);
      const fields = {
        name: values.name.trim(),
        nameEn: values.nameEn.trim(),
        dataScope: values.dataScope,
        unitIds: values.dataScope === 'units' ? (values.unitIds ?? []) : [],
        entryIds: [...held].sort((a, b) => a - b),
      };
      try {
        if (current) {
          await update.mutateAsync({
            id: current.id,
            input: { ...fields, version: current.version },
          });
        } else {
          await create.mutateAsync({ id: values.id.trim(), ...fields });
        }
        toast.success({ content: t('system.roles.dialog.saved') });
        onClose();
      } catch (error) {
        if (showFieldErrors(form, error, FIELDS)) return;
        const message = failureMessage(error, t('error.server'));
        setFailure(message);
        if (isConflict(error) && current) {
          try {
            const fresh = await queryClient.fetchQuery({ ...roleQuery(current.id), staleTime: 0 });
            setCurrent(fresh);
            setHeld(new Set(fresh.entryIds));
            form.setFieldsValue(valuesOf(fresh));
            setFailure(`${message} ${t('system.common.reloaded')}`);
          } catch {
            // The HTTP client has shown why the role could not be read.
          }
        }
      }
    } finally {
      busy.current = false;
      setSaving(false);
    }
  }

  // Entries the caller cannot grant are kept as they are, never dropped unseen.
  const grantableIds = grantable.data ? indexTree(grantable.data).parent : null;

  return (
    <Modal
      open
      title={role ? t('system.roles.dialog.editTitle') : t('system.roles.dialog.createTitle')}
      okText={t('system.common.save')}
      cancelText={t('system.common.cancel')}
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={saving}
      mask={{ closable: false }}
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
        <Form.Item name="nameEn" label={t('system.common.nameEn')} rules={rules.nameEn}>
          <Input maxLength={128} autoComplete="off" lang="en" />
        </Form.Item>
        <Form.Item
          name="dataScope"
          label={t('system.roles.dialog.dataScope')}
          rules={rules.requiredChoice}
        >
          <Select
            options={DATA_SCOPES.map((scope) => ({
              value: scope,
              label: t(`system.roles.scope.${scope}`),
            }))}
          />
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
    </Modal>
  );
}
