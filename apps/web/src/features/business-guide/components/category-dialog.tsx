import {
  type GuideCategory,
  type GuideCategoryInput,
  guideCategoryInputSchema,
} from '@cityops/contract';
import { PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Flex,
  Form,
  Input,
  InputNumber,
  type InputRef,
  Modal,
  Space,
  Table,
  type TableProps,
  Typography,
} from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { useCreateCategory } from '../api/create-category';
import { useDeleteCategory } from '../api/delete-category';
import { useCategories } from '../api/get-categories';
import { useUpdateCategory } from '../api/update-category';
import { failureMessage, isConflict, showFieldErrors } from '@/lib/forms/api-failure';
import { schemaRule } from '@/lib/forms/schema-rule';
import { scaledPx } from '@/lib/root-font-size';
import { localName } from '@/lib/local-name';

export interface CategoryDialogProps {
  open: boolean;
  onClose(): void;
}

interface CategoryValues {
  code: string;
  name: string;
  nameEn: string;
  sortOrder: number | null;
}

type Editing = { kind: 'add' } | { kind: 'edit'; category: GuideCategory } | null;

const fields = guideCategoryInputSchema.shape;
const SORT_ORDER_MAX = 10_000;

/**
 * Administrators: the guidance categories in their order, with a small form to
 * add or change one and a confirmed delete. The server refuses to delete a
 * category that still has articles; its message is shown here.
 */
export function CategoryDialog({ open, onClose }: CategoryDialogProps) {
  const { t, i18n } = useTranslation();
  const categories = useCategories();
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const remove = useDeleteCategory();
  const [modal, modalHolder] = Modal.useModal();
  const [form] = Form.useForm<CategoryValues>();
  const [editing, setEditing] = useState<Editing>(null);
  const [failure, setFailure] = useState<{ title: string; message: string } | null>(null);
  // A second click before the first answer must not send again.
  const busy = useRef(false);
  const [saving, setSaving] = useState(false);
  const firstField = useRef<InputRef>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const formSection = useRef<HTMLElement>(null);
  const formHeadingId = useId();

  useEffect(() => {
    if (!editing) return;
    firstField.current?.focus();
    // antd's dialog keeps the focus inside itself (rc-util's lockFocus) and, when it
    // re-syncs, may put it back on the control focused last: the add button that opened
    // the form. The next frame asks again if the form does not hold the focus.
    const frame = requestAnimationFrame(() => {
      if (!formSection.current?.contains(document.activeElement)) firstField.current?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [editing]);

  function startAdd() {
    setFailure(null);
    const last = categories.data?.at(-1);
    form.resetFields();
    form.setFieldsValue({
      code: '',
      name: '',
      nameEn: '',
      sortOrder: Math.min((last?.sortOrder ?? 0) + 10, SORT_ORDER_MAX),
    });
    setEditing({ kind: 'add' });
  }

  function startEdit(category: GuideCategory) {
    setFailure(null);
    form.resetFields();
    form.setFieldsValue({
      code: category.code,
      name: category.name,
      nameEn: category.nameEn,
      sortOrder: category.sortOrder,
    });
    setEditing({ kind: 'edit', category });
  }

  function stopEditing() {
    setEditing(null);
    // Back to where the administrator started from.
    requestAnimationFrame(() => addButton.current?.focus());
  }

  async function save() {
    if (busy.current || !editing) return;
    busy.current = true;
    try {
      let values: CategoryValues;
      try {
        values = await form.validateFields();
      } catch {
        return;
      }
      const parsed = guideCategoryInputSchema.safeParse({
        ...values,
        sortOrder: values.sortOrder ?? 0,
      });
      if (!parsed.success) return;
      const input: GuideCategoryInput = parsed.data;
      setSaving(true);
      setFailure(null);
      try {
        if (editing.kind === 'edit') {
          await update.mutateAsync({ id: editing.category.id, input });
          toast.success({ content: t('businessGuide.categories.saved') });
        } else {
          await create.mutateAsync(input);
          toast.success({ content: t('businessGuide.categories.added') });
        }
        stopEditing();
      } catch (error) {
        if (showFieldErrors(form, error)) return;
        if (isConflict(error)) {
          // The code is taken by another category.
          form.setFields([{ name: 'code', errors: [failureMessage(error, t('error.server'))] }]);
        } else {
          setFailure({
            title: t('businessGuide.categories.saveFailed'),
            message: failureMessage(error, t('error.server')),
          });
        }
      }
    } finally {
      busy.current = false;
      setSaving(false);
    }
  }

  function confirmDelete(category: GuideCategory) {
    setFailure(null);
    let deleted = false;
    void modal.confirm({
      title: t('businessGuide.categories.deleteConfirm', {
        name: localName(category, i18n.language),
      }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      // The deleted row's button is gone: the focus goes to "add category".
      afterClose: () => {
        if (deleted) addButton.current?.focus();
      },
      // The OK button shows its spinner and takes no clicks until this settles.
      onOk: async () => {
        try {
          await remove.mutateAsync(category.id);
          deleted = true;
          toast.success({ content: t('businessGuide.categories.deleted') });
          if (editing?.kind === 'edit' && editing.category.id === category.id) setEditing(null);
        } catch (error) {
          setFailure({
            title: t('businessGuide.categories.deleteFailed'),
            message: failureMessage(error, t('error.server')),
          });
        }
      },
    });
  }

  const columns: TableProps<GuideCategory>['columns'] = [
    { key: 'code', dataIndex: 'code', title: t('businessGuide.categories.code') },
    { key: 'name', dataIndex: 'name', title: t('businessGuide.categories.name') },
    { key: 'nameEn', dataIndex: 'nameEn', title: t('businessGuide.categories.nameEn') },
    {
      key: 'sortOrder',
      dataIndex: 'sortOrder',
      title: t('businessGuide.categories.sortOrder'),
      align: 'right',
    },
    {
      key: 'articleCount',
      dataIndex: 'articleCount',
      title: t('businessGuide.categories.articleCount'),
      align: 'right',
    },
    {
      key: 'actions',
      title: t('businessGuide.categories.actions'),
      render: (_, category) => (
        <Space size={4}>
          <Button
            type="link"
            size="small"
            aria-label={t('businessGuide.categories.editLabel', { code: category.code })}
            onClick={() => startEdit(category)}
          >
            {t('businessGuide.categories.edit')}
          </Button>
          <Button
            type="link"
            size="small"
            danger
            disabled={remove.isPending}
            aria-label={t('businessGuide.categories.deleteLabel', { code: category.code })}
            onClick={() => confirmDelete(category)}
          >
            {t('businessGuide.categories.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Modal
      open={open}
      title={t('businessGuide.categories.title')}
      width={880}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
      destroyOnHidden
    >
      {modalHolder}
      {failure && (
        <Alert
          type="error"
          showIcon
          closable
          title={failure.title}
          description={failure.message}
          onClose={() => setFailure(null)}
          style={{ marginBottom: 12 }}
        />
      )}
      <Flex justify="flex-end" style={{ marginBottom: 12 }}>
        <Button
          ref={addButton}
          icon={<PlusOutlined aria-hidden />}
          onClick={startAdd}
          disabled={editing?.kind === 'add'}
        >
          {t('businessGuide.categories.add')}
        </Button>
      </Flex>
      {editing && (
        <section
          ref={formSection}
          aria-labelledby={formHeadingId}
          style={{
            marginBottom: 16,
            padding: 16,
            border: '1px solid var(--ant-color-border-secondary, #f0f0f0)',
            borderRadius: 8,
          }}
        >
          <Typography.Title
            level={3}
            id={formHeadingId}
            style={{ marginTop: 0, fontSize: scaledPx(16) }}
          >
            {editing.kind === 'edit'
              ? t('businessGuide.categories.editHeading', { code: editing.category.code })
              : t('businessGuide.categories.addHeading')}
          </Typography.Title>
          <Form<CategoryValues>
            form={form}
            name="guide-category"
            layout="vertical"
            requiredMark
            onFinish={() => void save()}
          >
            <Flex wrap gap={12}>
              <Form.Item
                name="code"
                label={t('businessGuide.categories.code')}
                required
                rules={[schemaRule(fields.code, t)]}
                extra={t('businessGuide.categories.codeHint')}
                style={{ flex: '1 1 100%' }}
              >
                <Input ref={firstField} maxLength={64} autoComplete="off" aria-required />
              </Form.Item>
              <Form.Item
                name="name"
                label={t('businessGuide.categories.name')}
                required
                rules={[schemaRule(fields.name, t)]}
                style={{ flex: '1 1 240px' }}
              >
                <Input maxLength={100} autoComplete="off" aria-required />
              </Form.Item>
              <Form.Item
                name="nameEn"
                label={t('businessGuide.categories.nameEn')}
                required
                rules={[schemaRule(fields.nameEn, t)]}
                style={{ flex: '1 1 240px' }}
              >
                <Input maxLength={100} autoComplete="off" lang="en" aria-required />
              </Form.Item>
              <Form.Item
                name="sortOrder"
                label={t('businessGuide.categories.sortOrder')}
                rules={[schemaRule(fields.sortOrder, t)]}
                extra={t('businessGuide.categories.sortOrderHint')}
                style={{ flex: '1 1 100%' }}
              >
                <InputNumber min={0} max={SORT_ORDER_MAX} precision={0} style={{ width: 160 }} />
              </Form.Item>
            </Flex>
            <Space>
              <Button type="primary" htmlType="submit" loading={saving}>
                {t('businessGuide.form.save')}
              </Button>
              <Button onClick={stopEditing} disabled={saving}>
                {t('businessGuide.form.cancel')}
              </Button>
            </Space>
          </Form>
        </section>
      )}
      <Table<GuideCategory>
        rowKey="id"
        size="small"
        aria-label={t('businessGuide.categories.list')}
        columns={columns}
        dataSource={categories.data ?? []}
        loading={categories.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('businessGuide.categories.empty') }}
      />
    </Modal>
  );
}
