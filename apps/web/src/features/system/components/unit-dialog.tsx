import type { UnitNode } from '@cityops/contract';
import { Alert, Form, Input, InputNumber, Modal, TreeSelect } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage, isConflict, showFieldErrors } from '@/lib/forms/api-failure';
import { dialogFormLayout } from '@/lib/forms/dialog-form-layout';
import { toast } from '@/lib/toast';
import { useCreateUnit } from '../api/create-unit';
import { useUpdateUnit } from '../api/update-unit';
import { systemRules } from '../lib/form-rules';
import { findUnit, unitOptions } from '../lib/unit-tree';

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
  nameEn: unit?.nameEn ?? '',
  parentId: unit ? unit.parentId : parentId,
  sortOrder: unit?.sortOrder ?? 0,
});

/** Create a unit, or rename, reorder (order) and move (parent) one. Mounted for one unit at a time. */
export function UnitDialog({ unit, parentId, units, onClose, onReload }: UnitDialogProps) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const create = useCreateUnit();
  const update = useUpdateUnit();
  const [current, setCurrent] = useState(unit);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const busy = useRef(false);
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
      const input = {
        name: values.name.trim(),
        nameEn: values.nameEn.trim(),
        parentId: values.parentId ?? null,
        sortOrder: values.sortOrder ?? 0,
      };
      try {
        if (current)
          await update.mutateAsync({
            id: current.id,
            input: { ...input, version: current.version },
          });
        else await create.mutateAsync(input);
        toast.success({ content: t('system.units.dialog.saved') });
        onClose();
      } catch (error) {
        if (showFieldErrors(form, error, FIELDS)) return;
        const message = failureMessage(error, t('error.server'));
        setFailure(message);
        if (isConflict(error) && current) {
          const fresh = findUnit(await onReload(), current.id);
          if (fresh) {
            setCurrent(fresh);
            form.setFieldsValue(valuesOf(fresh, null));
            setFailure(`${message} ${t('system.common.reloaded')}`);
          }
        }
      }
    } finally {
      busy.current = false;
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      title={
        unit ? t('system.units.dialog.editUnitTitle') : t('system.units.dialog.createUnitTitle')
      }
      okText={t('system.common.save')}
      cancelText={t('system.common.cancel')}
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={saving}
      mask={{ closable: false }}
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
        <Form.Item name="nameEn" label={t('system.common.nameEn')} rules={rules.nameEn}>
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
    </Modal>
  );
}
