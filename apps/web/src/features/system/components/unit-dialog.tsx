import type { UnitNode } from '@cityops/contract';
import { Form, InputNumber, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { BilingualNameFields } from '@/components/console/bilingual-name-fields';
import { ConsoleFormDialog } from '@/components/console/console-form-dialog';
import { toast } from '@/lib/toast';
import { useSaveUnit } from '../api/units';
import { useVersionedSave } from '@/lib/forms/use-versioned-save';
import { findUnit, mayAddAtTop, mayMove, unitOptions } from '../lib/unit-tree';
import { type NameValues, nameValues, trimmedNames } from '@/lib/local-name';

export interface UnitDialogProps {
  /** The unit to edit, or null for a new one under `parentId`. */
  unit: UnitNode | null;
  parentId: number | null;
  units: readonly UnitNode[];
  onClose(): void;
  /** The tree as the server has it now (after a conflict). */
  onReload(): Promise<readonly UnitNode[]>;
}

interface Values extends NameValues {
  parentId: number | null;
  sortOrder: number | null;
}

const FIELDS = ['name', 'nameEn', 'parentId', 'sortOrder'];

const valuesOf = (unit: UnitNode | null, parentId: number | null): Values => ({
  ...nameValues(unit),
  parentId: unit ? unit.parentId : parentId,
  sortOrder: unit?.sortOrder ?? 0,
});

/** Create a unit, or rename, reorder (order) and move (parent) one. Mounted for one unit at a time. */
export function UnitDialog({ unit, parentId, units, onClose, onReload }: UnitDialogProps) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const saveUnit = useSaveUnit();

  const saver = useVersionedSave<Values, UnitNode>({
    form,
    record: unit,
    fields: FIELDS,
    async submit(values, editing) {
      const input = {
        ...trimmedNames(values),
        parentId: values.parentId ?? null,
        sortOrder: values.sortOrder ?? 0,
      };
      await saveUnit(editing, input);
      toast.success({ content: t('system.units.dialog.saved') });
      onClose();
    },
    reload: async (editing) => findUnit(await onReload(), editing.id),
    show: (fresh) => form.setFieldsValue(valuesOf(fresh, null)),
  });

  const atTop = mayAddAtTop(units);
  const editing = saver.current ? findUnit(units, saver.current.id) : undefined;
  const movable = !editing || mayMove(units, editing);

  return (
    <ConsoleFormDialog<Values>
      title={
        unit ? t('system.units.dialog.editUnitTitle') : t('system.units.dialog.createUnitTitle')
      }
      form={form}
      name="system-unit"
      initialValues={valuesOf(unit, parentId)}
      save={saver}
      onCancel={onClose}
    >
      <BilingualNameFields />
      <Form.Item
        name="parentId"
        label={t('system.units.dialog.parent')}
        // Only what the server allows is offered (issue 31): the top level only to a
        // caller who reaches every unit, a parent only where a unit may be made below.
        rules={atTop ? [] : [{ required: true, message: t('system.units.dialog.parentRequired') }]}
      >
        <TreeSelect
          allowClear={atTop}
          disabled={!movable}
          placeholder={t(
            atTop ? 'system.units.dialog.topLevel' : 'system.units.dialog.chooseParent',
          )}
          // A unit cannot move below itself: its own branch is left out.
          treeData={unitOptions(units, i18n.language, saver.current?.id, (option) =>
            option.actions.includes('add-child'),
          )}
          treeDefaultExpandAll
        />
      </Form.Item>
      <Form.Item name="sortOrder" label={t('system.common.sortOrder')}>
        <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 160 }} />
      </Form.Item>
    </ConsoleFormDialog>
  );
}
