import type { UnitItem } from '@cityops/contract';
import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { BilingualNameFields } from '@/components/console/bilingual-name-fields';
import { ConsoleFormDialog } from '@/components/console/console-form-dialog';
import { toast } from '@/lib/toast';
import { useSaveUnit } from '../api/units';
import { useVersionedSave } from '@/lib/forms/use-versioned-save';
import { useUnitLevel } from '../api/get-unit-level';
import { searchUnits } from '../api/search-units';
import { mayAddAtTop, mayMove } from '../lib/unit-tree';
import { UnitTreeSelect } from './unit-tree-select';
import { type NameValues, nameValues, trimmedNames } from '@/lib/local-name';

export interface UnitDialogProps {
  /** The unit to edit, or null for a new one under `parentId`. */
  unit: UnitItem | null;
  parentId: number | null;
  onClose(): void;
  /** Refreshes the page's units (after a conflict: someone else changed them). */
  onReload(): Promise<unknown>;
}

interface Values extends NameValues {
  parentId: number | null;
  sortOrder: number | null;
}

const FIELDS = ['name', 'nameEn', 'parentId', 'sortOrder'];

const valuesOf = (unit: UnitItem | null, parentId: number | null): Values => ({
  ...nameValues(unit),
  parentId: unit ? unit.parentId : parentId,
  sortOrder: unit?.sortOrder ?? 0,
});

/** Create a unit, or rename, reorder (order) and move (parent) one. Mounted for one unit at a time. */
export function UnitDialog({ unit, parentId, onClose, onReload }: UnitDialogProps) {
  const { t } = useTranslation();
  const tops = useUnitLevel(null).data?.list ?? [];
  const [form] = Form.useForm<Values>();
  const saveUnit = useSaveUnit();

  const saver = useVersionedSave<Values, UnitItem>({
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
    reload: async (editing) => {
      await onReload();
      return (await searchUnits({ ids: [editing.id] }))[0];
    },
    show: (fresh) => form.setFieldsValue(valuesOf(fresh, null)),
  });

  const atTop = mayAddAtTop(tops);
  const movable = !saver.current || mayMove(tops, saver.current);

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
        <UnitTreeSelect
          allowClear={atTop}
          disabled={!movable}
          placeholder={t(
            atTop ? 'system.units.dialog.topLevel' : 'system.units.dialog.chooseParent',
          )}
          // A unit cannot move below itself: its own branch is left out.
          exclude={saver.current?.id}
          selectable={(option) => option.actions.includes('add-child')}
        />
      </Form.Item>
      <Form.Item name="sortOrder" label={t('system.common.sortOrder')}>
        <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 160 }} />
      </Form.Item>
    </ConsoleFormDialog>
  );
}
