import type { UnitNode } from '@cityops/contract';
import { Alert, Form, Input, InputNumber, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConsoleDialog } from '@/components/console/console-dialog';
import { dialogFormLayout } from '@/lib/forms/dialog-form-layout';
import { toast } from '@/lib/toast';
import { useCreateUnit, useUpdateUnit } from '../api/units';
import { consoleRules } from '@/lib/forms/form-rules';
import { useVersionedSave } from '@/lib/forms/use-versioned-save';
import { findUnit, unitOptions } from '../lib/unit-tree';
import { englishNameInput } from '@/lib/local-name';

export interface UnitDialogProps {
  /** The unit to edit, or null for a new one under `parentId`. */
  unit: UnitNode | null;
  parentId: number | null;
  units: readonly UnitNode[];
  onClose(): void;
  /** The tree as the server has it now (after a conflict). */
  onReload(): Promise<readonly UnitNode[]>;
}

interface Values {
  name: string;
  nameEn: string;
  parentId: number | null;
  sortOrder: number | null;
}

const FIELDS = ['name', 'nameEn', 'parentId', 'sortOrder'];

const valuesOf = (unit: UnitNode | null, parentId: number | null): Values => ({
  name: unit?.name ?? '',
  nameEn: englishNameInput(unit),
  parentId: unit ? unit.parentId : parentId,
  sortOrder: unit?.sortOrder ?? 0,
});

/** Create a unit, or rename, reorder (order) and move (parent) one. Mounted for one unit at a time. */
export function UnitDialog({ unit, parentId, units, onClose, onReload }: UnitDialogProps) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const create = useCreateUnit();
  const update = useUpdateUnit();
  const rules = consoleRules(t);

  const { current, failure, saving, save } = useVersionedSave<Values, UnitNode>({
    form,
    record: unit,
    fields: FIELDS,
    async submit(values, editing) {
      const input = {
        name: values.name.trim(),
        nameEn: values.nameEn.trim(),
        parentId: values.parentId ?? null,
        sortOrder: values.sortOrder ?? 0,
      };
      if (editing) {
        await update.mutateAsync({ id: editing.id, version: editing.version, input });
      } else {
        await create.mutateAsync(input);
      }
      toast.success({ content: t('system.units.dialog.saved') });
      onClose();
    },
    reload: async (editing) => findUnit(await onReload(), editing.id),
    show: (fresh) => form.setFieldsValue(valuesOf(fresh, null)),
  });

  return (
    <ConsoleDialog
      open
      title={
        unit ? t('system.units.dialog.editUnitTitle') : t('system.units.dialog.createUnitTitle')
      }
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={saving}
    >
      {failure && (
        <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />
      )}
      <Form<Values>
        form={form}
        name="system-unit"
        {...dialogFormLayout(i18n.language)}
        initialValues={valuesOf(unit, parentId)}
        disabled={saving}
      >
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
        <Form.Item name="parentId" label={t('system.units.dialog.parent')}>
          <TreeSelect
            allowClear
            placeholder={t('system.units.dialog.topLevel')}
            // A unit cannot move below itself: its own branch is left out.
            treeData={unitOptions(units, i18n.language, current?.id)}
            treeDefaultExpandAll
          />
        </Form.Item>
        <Form.Item name="sortOrder" label={t('system.common.sortOrder')}>
          <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </ConsoleDialog>
  );
}
