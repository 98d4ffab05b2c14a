import type { Department } from '@cityops/contract';
import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { BilingualNameFields } from '@/components/console/bilingual-name-fields';
import { ConsoleFormDialog } from '@/components/console/console-form-dialog';
import { toast } from '@/lib/toast';
import { useSaveDepartment } from '../api/units';
import { consoleRules } from '@/lib/forms/form-rules';
import { useVersionedSave } from '@/lib/forms/use-versioned-save';
import { getDepartment } from '../api/get-department';
import { UnitTreeSelect } from './unit-tree-select';
import { type NameValues, nameValues, trimmedNames } from '@/lib/local-name';

export interface DepartmentDialogProps {
  /** The department to edit, or null for a new one in `organizationId`. */
  department: Department | null;
  organizationId: number;
  onClose(): void;
  /** Refreshes the page's units (after a conflict: someone else changed them). */
  onReload(): Promise<unknown>;
}

interface Values extends NameValues {
  organizationId: number;
  sortOrder: number | null;
}

const FIELDS = ['name', 'nameEn', 'organizationId', 'sortOrder'];

const valuesOf = (department: Department | null, organizationId: number): Values => ({
  ...nameValues(department),
  organizationId: department?.organizationId ?? organizationId,
  sortOrder: department?.sortOrder ?? 0,
});

/** Create, rename, reorder or move a department. Mounted for one department at a time. */
export function DepartmentDialog(props: DepartmentDialogProps) {
  const { department, organizationId, onClose, onReload } = props;
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const saveDepartment = useSaveDepartment();
  const rules = consoleRules(t);

  const saver = useVersionedSave<Values, Department>({
    form,
    record: department,
    fields: FIELDS,
    async submit(values, editing) {
      const input = {
        ...trimmedNames(values),
        organizationId: values.organizationId,
        sortOrder: values.sortOrder ?? 0,
      };
      await saveDepartment(editing, input);
      toast.success({ content: t('system.units.dialog.saved') });
      onClose();
    },
    // The department as it is now, wherever it belongs; gone if it was deleted (404).
    reload: async (editing) => {
      await onReload();
      return getDepartment(editing.id);
    },
    show: (fresh) => form.setFieldsValue(valuesOf(fresh, fresh.organizationId)),
  });

  return (
    <ConsoleFormDialog<Values>
      title={
        department
          ? t('system.units.dialog.editDepartmentTitle')
          : t('system.units.dialog.createDepartmentTitle')
      }
      form={form}
      name="system-department"
      initialValues={valuesOf(department, organizationId)}
      save={saver}
      onCancel={onClose}
    >
      <BilingualNameFields />
      <Form.Item name="organizationId" label={t('system.units.dialog.unit')} rules={rules.unit}>
        <UnitTreeSelect />
      </Form.Item>
      <Form.Item name="sortOrder" label={t('system.common.sortOrder')}>
        <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 160 }} />
      </Form.Item>
    </ConsoleFormDialog>
  );
}
