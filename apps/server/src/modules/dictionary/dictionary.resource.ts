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
  withNameStandIn,
} from '@cityops/contract';
import { dictionaryItems, dictionaryTypes } from '../../db/schema/index.js';
import { type ConsoleResource, resourceModule } from '../resources/console-resource.js';

type Named = { name: string; nameEn: string };
const stored = (values: Record<string, unknown>) =>
  'name' in values ? withNameStandIn(values as Named) : values;
const nameOf = (record: Record<string, unknown>) => String(record.name);

/** The data dictionary's types: platform-wide configuration, as the settings are. */
const types: ConsoleResource = {
  kind: 'dictionary-type',
  table: dictionaryTypes,
  paths: { list: SYSTEM_PATHS.dictionaryTypes, item: SYSTEM_PATHS.dictionaryType },
  tag: 'system-dictionary',
  noun: 'dictionary type',
  access: { read: 'system:dictionary:read', write: 'system:dictionary:write' },
  audit: {
    create: 'dictionary.type.create',
    update: 'dictionary.type.update',
    delete: 'dictionary.type.delete',
  },
  policy: 'platform.write',
  schemas: {
    record: dictionaryTypeSchema,
    list: dictionaryTypeListQuerySchema,
    create: dictionaryTypeCreateSchema,
    update: dictionaryTypeEditSchema,
  },
  search: [dictionaryTypes.code, dictionaryTypes.name, dictionaryTypes.nameEn],
  orderBy: [dictionaryTypes.sortOrder],
  nameOf,
  stored,
  unique: { field: 'code', messageKey: 'system.record.codeTaken' },
  deleteUnless: { referencedBy: [dictionaryItems.typeId], messageKey: 'system.record.inUse' },
  example: () => ({ code: 'walk', name: '巡查类别', nameEn: 'Patrol category', sortOrder: 1 }),
};

/** A type's items: found by their type, each code once in it. */
const items: ConsoleResource = {
  kind: 'dictionary-item',
  table: dictionaryItems,
  paths: { list: SYSTEM_PATHS.dictionaryItems, item: SYSTEM_PATHS.dictionaryItem },
  tag: 'system-dictionary',
  noun: 'dictionary item',
  access: { read: 'system:dictionary:read', write: 'system:dictionary:write' },
  audit: {
    create: 'dictionary.item.create',
    update: 'dictionary.item.update',
    delete: 'dictionary.item.delete',
  },
  policy: 'platform.write',
  schemas: {
    record: dictionaryItemSchema,
    list: dictionaryItemListQuerySchema,
    create: dictionaryItemCreateSchema,
    update: dictionaryItemEditSchema,
  },
  search: [dictionaryItems.code, dictionaryItems.name, dictionaryItems.nameEn],
  filters: { typeId: dictionaryItems.typeId },
  orderBy: [dictionaryItems.sortOrder],
  nameOf,
  stored,
  // The type an item is made in is its target's place, not a change of the item.
  recorded: ['code', 'name', 'nameEn', 'sortOrder'],
  unique: { field: 'code', messageKey: 'system.record.codeTaken' },
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
