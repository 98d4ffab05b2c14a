import {
  SYSTEM_PATHS,
  dictionaryItemCreateSchema,
  dictionaryItemEditSchema,
  dictionaryItemListQuerySchema,
  dictionaryItemSchema,
  dictionaryTypeCreateSchema,
  dictionaryTypeEditSchema,
  dictionaryTypeListQuerySchema,
  dictionaryTypeSchema,
} from '@cityops/contract';
import { dictionaryItems, dictionaryTypes } from '../../db/schema/index.js';
import { type ConsoleResource, resourceModule } from '../resources/console-resource.js';

/** What both levels share: the screen's codes, the policy's rule, the codes' clash. */
const dictionary = {
  tag: 'system-dictionary',
  access: { read: 'system:dictionary:read', write: 'system:dictionary:write' },
  // Platform-wide configuration, as the settings are.
  policy: 'platform.write',
  unique: { field: 'code', messageKey: 'system.record.codeTaken' },
} as const satisfies Partial<ConsoleResource>;

/** The data dictionary's types; one is deleted once its items are. */
const types: ConsoleResource = {
  ...dictionary,
  kind: 'dictionary-type',
  table: dictionaryTypes,
  paths: { list: SYSTEM_PATHS.dictionaryTypes, item: SYSTEM_PATHS.dictionaryType },
  noun: 'dictionary type',
  audit: {
    create: 'dictionary.type.create',
    update: 'dictionary.type.update',
    delete: 'dictionary.type.delete',
  },
  schemas: {
    record: dictionaryTypeSchema,
    list: dictionaryTypeListQuerySchema,
    create: dictionaryTypeCreateSchema,
    update: dictionaryTypeEditSchema,
  },
  search: [dictionaryTypes.code, dictionaryTypes.name, dictionaryTypes.nameEn],
  orderBy: [dictionaryTypes.sortOrder],
  deleteUnless: { referencedBy: [dictionaryItems.typeId], messageKey: 'system.record.inUse' },
  example: () => ({ code: 'walk', name: '巡查类别', nameEn: 'Patrol category', sortOrder: 1 }),
};

/** A type's items: found by their type, each code once in it. */
const items: ConsoleResource = {
  ...dictionary,
  kind: 'dictionary-item',
  table: dictionaryItems,
  paths: { list: SYSTEM_PATHS.dictionaryItems, item: SYSTEM_PATHS.dictionaryItem },
  noun: 'dictionary item',
  audit: {
    create: 'dictionary.item.create',
    update: 'dictionary.item.update',
    delete: 'dictionary.item.delete',
  },
  schemas: {
    record: dictionaryItemSchema,
    list: dictionaryItemListQuerySchema,
    create: dictionaryItemCreateSchema,
    update: dictionaryItemEditSchema,
  },
  search: [dictionaryItems.code, dictionaryItems.name, dictionaryItems.nameEn],
  filters: { typeId: dictionaryItems.typeId },
  orderBy: [dictionaryItems.sortOrder],
  // The type an item is made in is its target's place, not a change of the item.
  recorded: ['code', 'name', 'nameEn', 'sortOrder'],
  example: (made) => ({
    typeId: made['dictionary-type']!.id,
    code: '01',
    name: '道路保洁',
    nameEn: 'Road cleaning',
    sortOrder: 1,
  }),
};

/** The data dictionary (数据字典): its types and their items, each a console resource. */
export const dictionaryModule = resourceModule('dictionary', [types, items]);
