import { type DictionaryType, SYSTEM_PAGE_SIZE } from '@cityops/contract';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsoleListPage } from '@/components/console/console-list-page';
import { ConsolePage } from '@/components/console/console-page';
import { useAccess } from '@/lib/access/use-access';
import { registerTexts } from '@/lib/i18n';
import { localName } from '@/lib/local-name';
import { systemTexts } from '@/locales/system-texts';
import {
  useDeleteDictionaryItem,
  useDeleteDictionaryType,
  useDictionaryItems,
  useDictionaryTypes,
} from '../api/dictionary';
import { DictionaryDialog } from './dictionary-dialog';

registerTexts(systemTexts);

const FIRST_PAGE = { pageIndex: 1, pageSize: SYSTEM_PAGE_SIZE };

/**
 * `/system/dictionary` (系统管理 / 数据字典): the dictionary's types, and the items of
 * the type opened, on one list: searched by code or name, paged, each added, edited
 * and deleted by holders of `system:dictionary:write` (a type only once it has no
 * items). Both levels are console resources (apps/server dictionary.resource.ts).
 */
export function DictionaryPage() {
  return (
    <ConsolePage read="system:dictionary:read">
      <DictionaryList />
    </ConsolePage>
  );
}

function DictionaryList() {
  const { t, i18n } = useTranslation();
  const canWrite = useAccess('system:dictionary:write');
  /** The type whose items show; none: the types. */
  const [type, setType] = useState<DictionaryType | null>(null);
  const [keyword, setKeyword] = useState<string | undefined>(undefined);
  const [paging, setPaging] = useState(FIRST_PAGE);
  const [editing, setEditing] = useState<{ record: DictionaryType | null } | null>(null);
  const types = useDictionaryTypes({ keyword, ...paging }, { enabled: !type });
  const items = useDictionaryItems(
    { typeId: type?.id ?? 0, keyword, ...paging },
    { enabled: Boolean(type) },
  );
  const removeType = useDeleteDictionaryType();
  const removeItem = useDeleteDictionaryItem();
  const list = type ? items : types;
  const typeName = type ? localName(type, i18n.language) : '';

  function open(next: DictionaryType | null) {
    setType(next);
    setKeyword(undefined);
    setPaging(FIRST_PAGE);
  }

  return (
    <ConsoleListPage<DictionaryType>
      // A new id per level: the search box and the table start afresh.
      key={type?.id ?? 'types'}
      id="system-dictionary-title"
      heading={
        type
          ? t('system.dictionary.itemsHeading', { type: typeName })
          : t('system.dictionary.heading')
      }
      create={{
        label: t(type ? 'system.dictionary.createItem' : 'system.dictionary.createType'),
        code: 'system:dictionary:write',
        onClick: () => setEditing({ record: null }),
      }}
      toolbar={
        type && (
          <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => open(null)}>
            {t('system.dictionary.backToTypes')}
          </Button>
        )
      }
      search={{
        label: t(type ? 'system.dictionary.searchItems' : 'system.dictionary.search'),
        placeholder: t('system.dictionary.keywordPlaceholder'),
        onSearch: (value) => {
          setKeyword(value.trim() || undefined);
          setPaging((current) => ({ ...current, pageIndex: 1 }));
        },
      }}
      list={list}
      rows={list.data?.list ?? []}
      rowKey="id"
      tableLabel={
        type
          ? t('system.dictionary.itemsResults', { type: typeName })
          : t('system.dictionary.typesResults')
      }
      emptyText={t(type ? 'system.dictionary.itemsEmpty' : 'system.dictionary.typesEmpty')}
      pagination={{
        ...paging,
        total: list.data?.total ?? 0,
        totalExact: list.data?.totalExact ?? true,
        totalText: (count) =>
          t(type ? 'system.dictionary.itemsTotal' : 'system.dictionary.typesTotal', { count }),
        onChange: setPaging,
      }}
      columns={[
        { key: 'code', dataIndex: 'code', title: t('system.dictionary.column.code') },
        {
          key: 'name',
          title: t('system.dictionary.column.name'),
          render: (_, record) => localName(record, i18n.language),
        },
        {
          key: 'sortOrder',
          dataIndex: 'sortOrder',
          title: t('system.dictionary.column.sortOrder'),
          align: 'right',
        },
      ]}
      rowActions={(record) => {
        const name = localName(record, i18n.language);
        return [
          !type && {
            key: 'items',
            label: t('system.dictionary.action.items'),
            ariaLabel: t('system.dictionary.action.itemsOf', { name }),
            onClick: () => open(record),
          },
          canWrite && {
            key: 'edit',
            label: t('system.common.edit'),
            ariaLabel: t('system.dictionary.action.edit', { name }),
            onClick: () => setEditing({ record }),
          },
          canWrite && {
            key: 'delete',
            label: t('system.common.delete'),
            ariaLabel: t('system.dictionary.action.delete', { name }),
            danger: true,
            confirm: {
              title: t('system.dictionary.confirmDelete.title', { name }),
              content: t(
                type
                  ? 'system.dictionary.confirmDelete.itemContent'
                  : 'system.dictionary.confirmDelete.typeContent',
              ),
              okText: t('system.dictionary.confirmDelete.ok'),
              // A type that still has items is refused; the HTTP client says why.
              run: () =>
                (type ? removeItem : removeType).mutateAsync({
                  id: record.id,
                  version: record.version,
                }),
              done: t('system.dictionary.deleted'),
            },
          },
        ];
      }}
    >
      {editing && (
        <DictionaryDialog
          key={editing.record?.id ?? 'new'}
          parent={type}
          record={editing.record}
          onClose={() => setEditing(null)}
        />
      )}
    </ConsoleListPage>
  );
}
