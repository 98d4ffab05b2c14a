import {
  type AdminMenuEntry,
  MENU_ENTRY_KINDS,
  type MenuEntryKind,
  type MenuIcon,
  nextSortOrder,
} from '@cityops/contract';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Form, Input, InputNumber, Select, Switch, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { BilingualNameFields } from '@/components/console/bilingual-name-fields';
import { ConsoleFormDialog } from '@/components/console/console-form-dialog';
import { toast } from '@/lib/toast';
import { useSaveMenu } from '../api/menus';
import { consoleRules } from '@/lib/forms/form-rules';
import { useVersionedSave } from '@/lib/forms/use-versioned-save';
import { findEntry, menuParentOptions, siblingsOf } from '../lib/menu-tree';
import { MenuHolders } from './menu-holders';
import { IconPicker } from './icon-picker';
import { localName, type NameValues, nameValues, trimmedNames } from '@/lib/local-name';
import { useAccess } from '@/lib/access/use-access';
import { useSubsystems } from '../api/subsystems';

export interface MenuDialogProps {
  /** The entry to edit, or null for a new one under `parentId`. */
  entry: AdminMenuEntry | null;
  parentId: number | null;
  entries: readonly AdminMenuEntry[];
  onClose(): void;
  onReload(): Promise<readonly AdminMenuEntry[]>;
}

interface Values extends NameValues {
  parentId: number | null;
  kind: MenuEntryKind;
  code: string;
  icon: MenuIcon | null;
  url: string;
  query: { key: string; value: string }[];
  integrated: boolean;
  externalUrl: string;
  hasTwo: boolean;
  sortOrder: number | null;
  visible: boolean;
  permission: string;
  subsystemId: number | null;
}

const FIELDS = [
  'parentId',
  'kind',
  'code',
  'name',
  'nameEn',
  'icon',
  'url',
  'query',
  'integrated',
  'externalUrl',
  'hasTwo',
  'sortOrder',
  'visible',
  'permission',
  'subsystemId',
];
const MAX_QUERY = 20;

function valuesOf(
  entry: AdminMenuEntry | null,
  parentId: number | null,
  parentKind?: MenuEntryKind,
  siblings: readonly AdminMenuEntry[] = [],
): Values {
  return {
    parentId: entry ? entry.parentId : parentId,
    // Under a page, a new entry is most likely one of its buttons.
    kind: entry?.kind ?? (parentKind === 'page' ? 'action' : 'page'),
    code: entry?.code ?? '',
    ...nameValues(entry),
    icon: (entry?.icon as MenuIcon | null) ?? null,
    url: entry?.url ?? '',
    query: Object.entries(entry?.query ?? {}).map(([key, value]) => ({ key, value })),
    integrated: entry?.integrated ?? false,
    externalUrl: entry?.externalUrl ?? '',
    hasTwo: entry?.hasTwo ?? false,
    // A new entry goes last among its siblings.
    sortOrder: entry ? entry.sortOrder : nextSortOrder(siblings),
    visible: entry?.visible ?? true,
    permission: entry?.permission ?? '',
    subsystemId: entry?.subsystemId ?? null,
  };
}

/**
 * Create or edit a menu entry: kind, code, names, icon, address and extra query,
 * the integrated subsystem's external address, `hasTwo`, order, visibility, and
 * an action's permission code. A built-in entry keeps its code, kind, permission
 * and place. Mounted for one entry at a time.
 */
export function MenuDialog({ entry, parentId, entries, onClose, onReload }: MenuDialogProps) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form);
  const integrated = Form.useWatch('integrated', form);
  const saveMenu = useSaveMenu();
  const rules = consoleRules(t);
  const parentKind = findEntry(entries, parentId)?.kind;
  // The registry is offered to those who may read it; the entry's choice stays as it is otherwise.
  const seesSubsystems = useAccess('system:subsystem:read');
  const subsystems = useSubsystems(undefined, { enabled: seesSubsystems });

  const saver = useVersionedSave<Values, AdminMenuEntry>({
    form,
    record: entry,
    fields: FIELDS,
    async submit(values, editing) {
      const isAction = values.kind === 'action';
      const input = {
        parentId: values.parentId ?? null,
        kind: values.kind,
        code: values.code.trim(),
        ...trimmedNames(values),
        icon: isAction ? null : values.icon,
        url: isAction ? '' : values.url.trim(),
        query: isAction
          ? {}
          : Object.fromEntries(
              (values.query ?? []).map((pair) => [pair.key.trim(), pair.value ?? '']),
            ),
        integrated: !isAction && values.integrated,
        externalUrl: !isAction && values.integrated ? values.externalUrl.trim() : '',
        hasTwo: !isAction && values.hasTwo,
        sortOrder: values.sortOrder ?? 0,
        visible: values.visible,
        permission: isAction ? values.permission.trim() : null,
        subsystemId: isAction ? null : (values.subsystemId ?? null),
      };
      await saveMenu(editing, input);
      toast.success({ content: t('system.menus.dialog.saved') });
      onClose();
    },
    reload: async (editing) => findEntry(await onReload(), editing.id),
    show: (fresh) => form.setFieldsValue(valuesOf(fresh, null)),
  });
  const builtIn = saver.current?.builtIn ?? false;

  const isAction = kind === 'action';
  return (
    <ConsoleFormDialog<Values>
      title={entry ? t('system.menus.dialog.editTitle') : t('system.menus.dialog.createTitle')}
      form={form}
      name="system-menu"
      initialValues={valuesOf(entry, parentId, parentKind, siblingsOf(entries, parentId))}
      save={saver}
      onCancel={onClose}
      dialogProps={{ width: 680 }}
      formProps={{
        onValuesChange: (changed: Partial<Values>) => {
          // A new entry moved elsewhere goes last there, unless its order was typed.
          if (!entry && 'parentId' in changed && !form.isFieldTouched('sortOrder')) {
            form.setFieldValue(
              'sortOrder',
              nextSortOrder(siblingsOf(entries, changed.parentId ?? null)),
            );
          }
        },
      }}
      notice={
        builtIn && (
          <Alert
            type="info"
            showIcon
            title={t('system.menus.dialog.builtInNote')}
            style={{ marginBottom: 16 }}
          />
        )
      }
    >
      <Form.Item name="parentId" label={t('system.menus.dialog.parent')}>
        <TreeSelect
          allowClear
          disabled={builtIn}
          placeholder={t('system.menus.dialog.topLevel')}
          treeData={menuParentOptions(entries, i18n.language, saver.current?.id)}
          treeDefaultExpandAll
        />
      </Form.Item>
      <Form.Item name="kind" label={t('system.menus.dialog.kind')} rules={rules.requiredChoice}>
        <Select
          disabled={builtIn}
          options={MENU_ENTRY_KINDS.map((value) => ({
            value,
            label: t(`system.menus.kind.${value}`),
          }))}
        />
      </Form.Item>
      <Form.Item name="code" label={t('system.menus.dialog.code')} rules={rules.menuCode}>
        <Input maxLength={64} autoComplete="off" spellCheck={false} disabled={builtIn} />
      </Form.Item>
      <BilingualNameFields />
      {isAction ? (
        <Form.Item
          name="permission"
          label={t('system.menus.dialog.permission')}
          rules={rules.permission}
          extra={t('system.menus.dialog.permissionHelp')}
        >
          <Input maxLength={100} autoComplete="off" spellCheck={false} disabled={builtIn} />
        </Form.Item>
      ) : (
        <>
          <Form.Item name="icon" label={t('system.menus.dialog.icon')}>
            <IconPicker />
          </Form.Item>
          <Form.Item
            name="url"
            label={t('system.menus.dialog.url')}
            rules={rules.address}
            extra={t('system.menus.dialog.urlHelp')}
          >
            <Input maxLength={2000} autoComplete="off" spellCheck={false} inputMode="url" />
          </Form.Item>
          <Form.Item label={t('system.menus.dialog.query')}>
            <Form.List name="query">
              {(fields, { add, remove }) => (
                <Flex vertical gap={8}>
                  {fields.map((field, position) => (
                    <Flex key={field.key} gap={8} align="baseline">
                      <Form.Item
                        name={[field.name, 'key']}
                        noStyle
                        rules={[
                          { required: true, whitespace: true, message: t('validation.required') },
                          { max: 64, message: t('validation.tooLong') },
                          ({ getFieldValue }) => ({
                            // Two equal names would leave only the last one's value.
                            validator: async (_rule, value: unknown) => {
                              const name = typeof value === 'string' ? value.trim() : '';
                              const pairs = (getFieldValue('query') ?? []) as Values['query'];
                              const same = pairs.filter((pair) => pair?.key?.trim() === name);
                              if (name && same.length > 1) {
                                throw new Error(t('system.menus.dialog.queryDuplicate'));
                              }
                            },
                          }),
                        ]}
                      >
                        <Input
                          aria-label={`${t('system.menus.dialog.queryKey')} ${position + 1}`}
                          placeholder={t('system.menus.dialog.queryKey')}
                          maxLength={64}
                        />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'value']}
                        noStyle
                        rules={[{ max: 500, message: t('validation.tooLong') }]}
                      >
                        <Input
                          aria-label={`${t('system.menus.dialog.queryValue')} ${position + 1}`}
                          placeholder={t('system.menus.dialog.queryValue')}
                          maxLength={500}
                        />
                      </Form.Item>
                      <Button
                        type="text"
                        icon={<MinusCircleOutlined aria-hidden />}
                        aria-label={t('system.menus.dialog.removeQuery', { index: position + 1 })}
                        onClick={() => remove(field.name)}
                      />
                    </Flex>
                  ))}
                  {fields.length < MAX_QUERY && (
                    <Button
                      type="dashed"
                      icon={<PlusOutlined aria-hidden />}
                      onClick={() => add({ key: '', value: '' })}
                    >
                      {t('system.menus.dialog.addQuery')}
                    </Button>
                  )}
                </Flex>
              )}
            </Form.List>
          </Form.Item>
          <Form.Item
            name="integrated"
            label={t('system.menus.dialog.integrated')}
            valuePropName="checked"
            extra={t('system.menus.dialog.integratedHelp')}
          >
            <Switch />
          </Form.Item>
          {integrated && (
            <Form.Item
              name="externalUrl"
              label={t('system.menus.dialog.externalUrl')}
              extra={t('system.menus.dialog.externalUrlHelp')}
              rules={[
                ...rules.address,
                { required: true, whitespace: true, message: t('validation.required') },
              ]}
            >
              <Input maxLength={2000} autoComplete="off" spellCheck={false} inputMode="url" />
            </Form.Item>
          )}
          {seesSubsystems && (
            <Form.Item
              name="subsystemId"
              label={t('system.menus.dialog.subsystem')}
              extra={t('system.menus.dialog.subsystemHelp')}
            >
              <Select<number | null>
                allowClear
                loading={subsystems.isFetching}
                placeholder={t('system.menus.dialog.subsystemNone')}
                options={(subsystems.data ?? []).map((subsystem) => ({
                  value: subsystem.id,
                  label: `${localName(subsystem, i18n.language)} (${subsystem.clientId})`,
                }))}
                onClear={() => form.setFieldValue('subsystemId', null)}
              />
            </Form.Item>
          )}
          <Form.Item
            name="hasTwo"
            label={t('system.menus.dialog.hasTwo')}
            valuePropName="checked"
            extra={t('system.menus.dialog.hasTwoHelp')}
          >
            <Switch />
          </Form.Item>
        </>
      )}
      <Form.Item
        name="sortOrder"
        label={t('system.menus.dialog.sortOrder')}
        extra={t('system.menus.dialog.sortOrderHelp')}
      >
        <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="visible" label={t('system.menus.dialog.visible')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item
        label={t('system.menus.dialog.holders')}
        extra={saver.current ? t('system.menus.dialog.holdersHelp') : undefined}
      >
        <MenuHolders entry={saver.current ?? null} />
      </Form.Item>
    </ConsoleFormDialog>
  );
}
