import {
  type DictionaryItem,
  type DictionaryItemCreate,
  type DictionaryItemEdit,
  type DictionaryItemListQuery,
  type DictionaryItemPage,
  type DictionaryType,
  type DictionaryTypeCreate,
  type DictionaryTypeEdit,
  type DictionaryTypePage,
  type RecordListQuery,
  SYSTEM_PATHS,
} from '@cityops/contract';
import { consoleResource } from '@/lib/console-resource';

/** `/system/dictionary/types`: a page of the data dictionary's types by keyword. */
export const dictionaryTypeResource = consoleResource<{
  id: number;
  record: DictionaryType;
  list: DictionaryTypePage;
  query: RecordListQuery;
  create: DictionaryTypeCreate;
  edit: Omit<DictionaryTypeEdit, 'version'>;
  created: DictionaryType;
  updated: DictionaryType;
}>({ path: SYSTEM_PATHS.dictionaryTypes, itemPath: SYSTEM_PATHS.dictionaryType, paged: true });

/** `/system/dictionary/items`: a page of one type's items by keyword. */
export const dictionaryItemResource = consoleResource<{
  id: number;
  record: DictionaryItem;
  list: DictionaryItemPage;
  query: DictionaryItemListQuery;
  create: DictionaryItemCreate;
  edit: Omit<DictionaryItemEdit, 'version'>;
  created: DictionaryItem;
  updated: DictionaryItem;
}>({ path: SYSTEM_PATHS.dictionaryItems, itemPath: SYSTEM_PATHS.dictionaryItem, paged: true });

export const {
  useList: useDictionaryTypes,
  useSave: useSaveDictionaryType,
  useDelete: useDeleteDictionaryType,
  get: getDictionaryType,
} = dictionaryTypeResource;

export const {
  useList: useDictionaryItems,
  useSave: useSaveDictionaryItem,
  useDelete: useDeleteDictionaryItem,
  get: getDictionaryItem,
} = dictionaryItemResource;
