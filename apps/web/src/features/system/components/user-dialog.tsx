import type { AdminUser, IssuedPassword } from '@cityops/contract';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConsoleFormDialog } from '@/components/console/console-form-dialog';
import { toast } from '@/lib/toast';
import { useCreateUser, useUpdateUser } from '../api/users';
import { consoleRules } from '@/lib/forms/form-rules';
import { useVersionedSave } from '@/lib/forms/use-versioned-save';
import { localName } from '@/lib/local-name';
import { useUnitDepartments } from '../api/search-units';
import { UnitTreeSelect } from './unit-tree-select';

export interface RoleOption {
  value: string;
  label: string;
}

export interface UserDialogProps {
  open: boolean;
  /** The user to edit; null for a new one. */
  user: AdminUser | null;
  roleOptions: readonly RoleOption[];
  onClose(): void;
  /** A new account was made: its password is shown once. */
  onCreated(issued: IssuedPassword): void;
  /** The user as the server has it now (after a conflict). */
  onReload(id: number): Promise<AdminUser | undefined>;
}

interface Values {
  username: string;
  name: string;
  mobile: string;
  organizationId: number | undefined;
  departmentId: number | null;
  roleIds: string[];
}

const FIELDS = ['username', 'name', 'mobile', 'organizationId', 'departmentId', 'roleIds'];

function valuesOf(user: AdminUser | null): Values {
  return {
    username: user?.username ?? '',
    name: user?.name ?? '',
    mobile: user?.mobile ?? '',
    organizationId: user?.organizationId ?? undefined,
    departmentId: user?.departmentId ?? null,
    roleIds: user?.roles.map((role) => role.id) ?? [],
  };
}

/**
 * The create and edit dialog of a user account, mounted for one user at a time
 * (the page keys it by the user), so its form starts from that user. A save refused because someone
 * else changed the user meanwhile says so and loads their version into the form:
 * nothing is overwritten without the administrator seeing it.
 */
export function UserDialog(props: UserDialogProps) {
  const { open, user, roleOptions, onClose, onCreated, onReload } = props;
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const organizationId = Form.useWatch('organizationId', form);
  const departments = useUnitDepartments(organizationId);
  const create = useCreateUser();
  const update = useUpdateUser();
  const rules = consoleRules(t);

  const saver = useVersionedSave<Values, AdminUser>({
    form,
    record: user,
    fields: FIELDS,
    async submit(values, editing) {
      const input = {
        username: values.username,
        name: values.name.trim(),
        mobile: values.mobile.trim(),
        organizationId: values.organizationId ?? 0,
        departmentId: values.departmentId ?? null,
        roleIds: values.roleIds ?? [],
      };
      if (editing) {
        await update.mutateAsync({ id: editing.id, version: editing.version, input });
        toast.success({ content: t('system.users.dialog.saved') });
        onClose();
      } else {
        const issued = await create.mutateAsync(input);
        onClose();
        onCreated(issued);
      }
    },
    reload: (editing) => onReload(editing.id),
    show: (fresh) => form.setFieldsValue(valuesOf(fresh)),
  });

  // A role the caller cannot list still shows by its name.
  const roles = [...roleOptions];
  for (const role of saver.current?.roles ?? []) {
    if (!roles.some((option) => option.value === role.id)) {
      roles.push({ value: role.id, label: localName(role, i18n.language) });
    }
  }

  return (
    <ConsoleFormDialog<Values>
      title={user ? t('system.users.dialog.editTitle') : t('system.users.dialog.createTitle')}
      form={form}
      name="system-user"
      initialValues={valuesOf(user)}
      save={saver}
      onCancel={onClose}
      dialogProps={{ open, destroyOnHidden: true, width: 600 }}
      formProps={{ onFinish: () => void saver.save() }}
    >
      <Form.Item name="username" label={t('system.users.dialog.username')} rules={rules.loginName}>
        <Input maxLength={64} autoComplete="off" spellCheck={false} />
      </Form.Item>
      <Form.Item name="name" label={t('system.users.dialog.name')} rules={rules.name}>
        <Input maxLength={64} autoComplete="off" />
      </Form.Item>
      <Form.Item name="mobile" label={t('system.users.dialog.mobile')} rules={rules.mobile}>
        <Input maxLength={16} autoComplete="off" inputMode="tel" />
      </Form.Item>
      <Form.Item name="organizationId" label={t('system.users.dialog.unit')} rules={rules.unit}>
        <UnitTreeSelect onChange={() => form.setFieldValue('departmentId', null)} />
      </Form.Item>
      <Form.Item name="departmentId" label={t('system.users.dialog.department')}>
        <Select
          allowClear
          placeholder={t('system.users.dialog.noDepartment')}
          options={departments.map((department) => ({
            value: department.id,
            label: localName(department, i18n.language),
          }))}
        />
      </Form.Item>
      <Form.Item name="roleIds" label={t('system.users.dialog.roles')}>
        <Select
          mode="multiple"
          allowClear
          options={roles}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
    </ConsoleFormDialog>
  );
}
