import type { DictionaryItem, DictionaryType } from '@cityops/contract';
import { Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { BilingualNameFields } from '@/components/console/bilingual-name-fields';
import { ConsoleFormDialog } from '@/components/console/console-form-dialog';
import { consoleRules } from '@/lib/forms/form-rules';
import { useVersionedSave } from '@/lib/forms/use-versioned-save';
import { type NameValues, localName, nameValues, trimmedNames } from '@/lib/local-name';
import { toast } from '@/lib/toast';
import {
  getDictionaryItem,
  getDictionaryType,
  useSaveDictionaryItem,
  useSaveDictionaryType,
} from '../api/dictionary';

export interface DictionaryDialogProps {
  /** The type whose item is made or edited; null when the record is a type. */
  parent: DictionaryType | null;
  /** The record to edit, or null for a new one. */
  record: DictionaryType | DictionaryItem | null;
  onClose(): void;
}

interface Values extends NameValues {
  code: string;
  sortOrder: number | null;
}

const FIELDS = ['code', 'name', 'nameEn', 'sortOrder'];

const valuesOf = (record: DictionaryType | null): Values => ({
  ...nameValues(record),
  code: record?.code ?? '',
  sortOrder: record?.sortOrder ?? 0,
});

/**
 * Create or edit a dictionary type, or an item of one (`parent`): the same fields,
 * a code, two names and an order. Mounted for one record at a time.
 */
export function DictionaryDialog({ parent, record, onClose }: DictionaryDialogProps) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const rules = consoleRules(t);
  const saveType = useSaveDictionaryType();
  const saveItem = useSaveDictionaryItem();

  const saver = useVersionedSave<Values, DictionaryType>({
    form,
    record,
    fields: FIELDS,
    async submit(values, editing) {
      const input = {
        ...trimmedNames(values),
        code: values.code.trim(),
        sortOrder: values.sortOrder ?? 0,
      };
      if (parent) await saveItem(editing, { ...input, typeId: parent.id });
      else await saveType(editing, input);
      toast.success({ content: t('system.dictionary.dialog.saved') });
      onClose();
    },
    reload: (editing) => (parent ? getDictionaryItem(editing.id) : getDictionaryType(editing.id)),
    show: (fresh) => form.setFieldsValue(valuesOf(fresh)),
  });

  const type = parent ? localName(parent, i18n.language) : '';
  const title = parent
    ? t(
        record
          ? 'system.dictionary.dialog.editItemTitle'
          : 'system.dictionary.dialog.createItemTitle',
        { type },
      )
    : t(
        record
          ? 'system.dictionary.dialog.editTypeTitle'
          : 'system.dictionary.dialog.createTypeTitle',
      );

  return (
    <ConsoleFormDialog<Values>
      title={title}
      form={form}
      name="system-dictionary"
      initialValues={valuesOf(record)}
      save={saver}
      onCancel={onClose}
    >
      <Form.Item
        name="code"
        label={t('system.dictionary.dialog.code')}
        extra={t('system.dictionary.dialog.codeHelp')}
        rules={rules.recordCode}
      >
        <Input maxLength={64} autoComplete="off" />
      </Form.Item>
      <BilingualNameFields />
      <Form.Item name="sortOrder" label={t('system.common.sortOrder')}>
        <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 160 }} />
      </Form.Item>
    </ConsoleFormDialog>
  );
}
