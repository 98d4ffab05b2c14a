import { z } from 'zod';
import {
  DATA_SCOPES,
  MENU_ENTRY_KINDS,
  ROLE_ACTIONS,
  UNIT_ACTIONS,
  USER_ACTIONS,
  type UnitAction,
} from './access.js';
import {
  LOGIN_NAME_PATTERN,
  MENU_CODE_PATTERN,
  RECORD_CODE_PATTERN,
  MENU_ICONS,
  PERMISSION_CODE_PATTERN,
  ROLE_CODE_PATTERN,
  SYSTEM_MAX_PAGE_SIZE,
  SYSTEM_PAGE_SIZE,
  USER_SORT_KEYS,
  USER_STATUSES,
  isAllowedMenuAddress,
  normalizeLoginName,
} from './system-rules.js';
import {
  SUBSYSTEM_CLAIMS,
  SUBSYSTEM_CLIENT_ID_PATTERN,
  SUBSYSTEM_DEFAULT_CLAIMS,
  SUBSYSTEM_KINDS,
  SUBSYSTEM_MAX_ADDRESSES,
  SUBSYSTEM_TOKEN_LIFETIME_DEFAULT,
  SUBSYSTEM_TOKEN_LIFETIME_MAX,
  SUBSYSTEM_TOKEN_LIFETIME_MIN,
  isSubsystemAddress,
  isSubsystemOrigin,
} from './subsystem-rules.js';
import { pageTotalShape } from './envelope-schemas.js';
import { idListQuerySchema, idSchema, mobileSchema, pageIndexSchema } from './validation.js';

/**
 * The administration console's requests and answers (issue 12): users, roles,
 * units and departments, menus. Every change names the `version` it started
 * from; a change made by someone else first is refused (`040009`), nothing
 * overwritten.
 */

export const versionSchema = z.coerce
  .number({ error: 'validation.invalid' })
  .int('validation.invalid')
  .min(1, 'validation.invalid')
  .max(2_147_483_647, 'validation.invalid');

export const versionQuerySchema = z.object({ version: versionSchema });

const text = (max: number, required: 'validation.name.required' | 'validation.required') =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, 'validation.tooLong')
    .regex(/^[^\p{Cc}]*$/u, 'validation.controlCharacter');

/**
 * Names in both languages, as every console object has them. The English name
 * is optional (issue 24): left blank, the Chinese name stands in for it, stored
 * as the English name too (see `withNameStandIn`), so every reader of `nameEn`
 * (sidebar, exports, audit, sessions) shows a name without a fallback of its own.
 */
export const bilingualNameShape = {
  name: text(64, 'validation.name.required'),
  nameEn: z
    .string({ error: 'validation.invalid' })
    .trim()
    .max(128, 'validation.tooLong')
    .regex(/^[^\p{Cc}]*$/u, 'validation.controlCharacter')
    .default(''),
};

/** A console object's names as stored: a blank English name takes the Chinese one. */
export function withNameStandIn<T extends { name: string; nameEn: string }>(input: T): T {
  return input.nameEn === '' ? { ...input, nameEn: input.name } : input;
}

export const loginNameSchema = z
  .string({ error: 'validation.username.required' })
  .max(256, 'validation.tooLong')
  .transform(normalizeLoginName)
  .pipe(
    z
      .string()
      .min(1, 'validation.username.required')
      .regex(LOGIN_NAME_PATTERN, 'system.loginName.invalid'),
  );

const roleCodeSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .regex(ROLE_CODE_PATTERN, 'system.roleCode.invalid');
export const roleParamsSchema = z.object({ id: roleCodeSchema });

const roleIdList = z.array(roleCodeSchema).max(50, 'validation.invalid');
const idList = z.array(idSchema).max(5000, 'validation.invalid');

const pageSizeSchema = z.coerce
  .number({ error: 'validation.invalid' })
  .int('validation.invalid')
  .min(1, 'validation.invalid')
  .max(SYSTEM_MAX_PAGE_SIZE, 'validation.invalid')
  .default(SYSTEM_PAGE_SIZE);

export const pagingSchema = z.object({ pageIndex: pageIndexSchema, pageSize: pageSizeSchema });

/**
 * The list query of a console resource (apps/server modules/resources/console-resource.ts):
 * a page and a keyword; a resource's own filters extend it.
 */
export const recordListQuerySchema = pagingSchema.extend({
  keyword: z.string().trim().max(64, 'validation.tooLong').optional(),
});
export type RecordListQuery = z.input<typeof recordListQuerySchema>;

/** A console resource's code (`RECORD_CODE_PATTERN`). */
export const recordCodeSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .regex(RECORD_CODE_PATTERN, 'system.record.codeInvalid');

/** A page of a console resource's records, counted as every list counts (`pageTotalShape`). */
export function recordPageSchema<T extends z.ZodType>(record: T) {
  return z.object({
    ...pageTotalShape,
    pageIndex: z.number().int(),
    pageSize: z.number().int(),
    list: z.array(record),
  });
}

// ----- Users -----

/** The filters of the user list and of its export. */
export const userFilterSchema = z.object({
  keyword: z.string().trim().max(64, 'validation.tooLong').optional(),
  organizationId: idSchema.optional(),
  departmentId: idSchema.optional(),
  roleId: roleCodeSchema.optional(),
  status: z.enum(USER_STATUSES).optional(),
  sort: z.enum(USER_SORT_KEYS).default('createdAt'),
  order: z.enum(['ascend', 'descend']).default('descend'),
});
export type UserFilter = z.infer<typeof userFilterSchema>;
export const userListQuerySchema = userFilterSchema.extend(pagingSchema.shape);
export type UserListQuery = z.input<typeof userListQuerySchema>;

const roleRefSchema = z.object({ id: z.string(), name: z.string(), nameEn: z.string() });

/** A refusal of the access policy as a screen shows it: a message key and its values. */
export const refusalSchema = z.object({
  key: z.string(),
  /** A name is given in both languages (`MessageValue`); the screen fills in its own. */
  values: z
    .record(
      z.string(),
      z.union([z.string(), z.number(), z.object({ en: z.string(), 'zh-CN': z.string() })]),
    )
    .optional(),
});
export type Refusal = z.infer<typeof refusalSchema>;

export const adminUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  mobile: z.string(),
  organizationId: z.number().nullable(),
  organizationName: z.string().nullable(),
  organizationNameEn: z.string().nullable(),
  departmentId: z.number().nullable(),
  departmentName: z.string().nullable(),
  departmentNameEn: z.string().nullable(),
  roles: z.array(roleRefSchema),
  disabled: z.boolean(),
  /** Locked by failed sign-ins, until `lockedUntil`. */
  locked: z.boolean(),
  mustChangePassword: z.boolean(),
  /** A second factor is set up (confirmed). */
  secondFactorEnrolled: z.boolean(),
  createdAt: z.string(),
  version: z.number(),
  /** What the caller may do to this account (the server's access policy). */
  actions: z.array(z.enum(USER_ACTIONS)),
  /**
   * Why nothing is offered on the account, when the policy refuses it (a message key
   * of the contract and its values): the list says so instead of a blank cell.
   */
  refusal: refusalSchema.optional(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserPageSchema = z.object({
  ...pageTotalShape,
  pageIndex: z.number(),
  pageSize: z.number(),
  list: z.array(adminUserSchema),
});
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

const userFields = {
  username: loginNameSchema,
  name: text(64, 'validation.name.required'),
  mobile: mobileSchema,
  organizationId: idSchema,
  departmentId: idSchema.nullable().default(null),
  roleIds: roleIdList,
};
export const userCreateSchema = z.object(userFields);
export type UserCreate = z.input<typeof userCreateSchema>;
export const userEditSchema = z.object({ ...userFields, version: versionSchema });
export type UserEdit = z.input<typeof userEditSchema>;

/** A new account, or a reset one: its password is shown this once and must be changed at sign-in. */
export const issuedPasswordSchema = z.object({
  user: adminUserSchema,
  initialPassword: z.string(),
});
export type IssuedPassword = z.infer<typeof issuedPasswordSchema>;

export const userStatusSchema = z.object({ disabled: z.boolean(), version: versionSchema });
export type UserStatusChange = z.input<typeof userStatusSchema>;

/** One refused import row and why (message keys, in the caller's language on the wire as text). */
const importRowErrorSchema = z.object({
  row: z.number(),
  messages: z.array(z.string()),
});
export const userImportResultSchema = z.object({
  created: z.array(
    z.object({
      row: z.number(),
      username: z.string(),
      name: z.string(),
      initialPassword: z.string(),
    }),
  ),
});
export type UserImportResult = z.infer<typeof userImportResultSchema>;
/** The `data` of a refused import: every row that failed (nothing was imported). */
export const userImportRefusalSchema = z.object({ rows: z.array(importRowErrorSchema) });
export type UserImportRefusal = z.infer<typeof userImportRefusalSchema>;

// ----- Roles -----

export const roleSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameEn: z.string(),
  dataScope: z.enum(DATA_SCOPES),
  /** Holders confirm sign-in with a second factor (always for the three administrators). */
  secondFactor: z.boolean(),
  /**
   * The city lets delegated administrators give the role within their scope, whatever
   * business pages it holds (docs/administration.md, "Who may act on whom").
   */
  assignable: z.boolean(),
  unitIds: z.array(z.number()),
  /** The menu entries the role holds (with their ancestors). */
  entryIds: z.array(z.number()),
  userCount: z.number(),
  /** Holders within the caller's data scope (the ones the holders list shows). */
  holdersInScope: z.number(),
  /** The admin role (holds everything) and the product's base roles cannot be deleted. */
  builtIn: z.boolean(),
  version: z.number(),
  /** What the caller may do to this role (the server's access policy). */
  actions: z.array(z.enum(ROLE_ACTIONS)),
  /**
   * Why neither edit nor delete is offered, when the policy refuses the role to the
   * caller (a role it holds, one held outside its units): the list says so.
   */
  refusal: refusalSchema.optional(),
});
export type Role = z.infer<typeof roleSchema>;
export const rolePageSchema = z.object({
  ...pageTotalShape,
  pageIndex: z.number(),
  pageSize: z.number(),
  list: z.array(roleSchema),
  /** The data scopes the caller may give a role (within its own). */
  dataScopes: z.array(z.enum(DATA_SCOPES)),
});
export type RolePage = z.infer<typeof rolePageSchema>;
export const roleListQuerySchema = pagingSchema.extend({
  keyword: z.string().trim().max(64, 'validation.tooLong').optional(),
});

const roleFields = {
  ...bilingualNameShape,
  dataScope: z.enum(DATA_SCOPES, { error: 'validation.invalid' }),
  secondFactor: z.boolean({ error: 'validation.invalid' }).default(false),
  /** Absent on an edit: the role keeps what it had. */
  assignable: z.boolean({ error: 'validation.invalid' }).optional(),
  unitIds: idList.default([]),
  entryIds: idList.default([]),
};
export const roleCreateSchema = z.object({ id: roleCodeSchema, ...roleFields });
export type RoleCreate = z.input<typeof roleCreateSchema>;
export const roleEditSchema = z.object({
  ...roleFields,
  /**
   * The one saving has been told which delegated administrators the change leaves
   * weaker than the accounts they manage (`system.role.reachLoss`), and saves anyway.
   */
  confirmReachLoss: z.boolean({ error: 'validation.invalid' }).optional(),
  version: versionSchema,
});
export type RoleEdit = z.input<typeof roleEditSchema>;

/** An entry of the permission tree the caller may grant. */
export interface GrantableEntry {
  id: number;
  code: string;
  name: string;
  nameEn: string;
  kind: (typeof MENU_ENTRY_KINDS)[number];
  permission: string | null;
  children: GrantableEntry[];
}
const grantableEntrySchema: z.ZodType<GrantableEntry> = z
  .lazy(() =>
    z.object({
      id: z.number(),
      code: z.string(),
      name: z.string(),
      nameEn: z.string(),
      kind: z.enum(MENU_ENTRY_KINDS),
      permission: z.string().nullable(),
      children: z.array(grantableEntrySchema),
    }),
  )
  .meta({ id: 'GrantableEntry' });

export const grantableTreeSchema = z.array(grantableEntrySchema);

// ----- Units and departments -----

export const departmentSchema = z.object({
  id: z.number(),
  organizationId: z.number(),
  name: z.string(),
  nameEn: z.string(),
  sortOrder: z.number(),
  userCount: z.number(),
  version: z.number(),
});
export type Department = z.infer<typeof departmentSchema>;

export interface UnitNode {
  id: number;
  name: string;
  nameEn: string;
  parentId: number | null;
  sortOrder: number;
  userCount: number;
  version: number;
  /** What the caller may do to this unit (the server's access policy). */
  actions: UnitAction[];
  /**
   * Why the unit is not the caller's to delete, when the policy refuses it (its own
   * top unit, deleted or moved only from above): the tree says so.
   */
  refusal?: Refusal;
  departments: Department[];
  children: UnitNode[];
}
/** A unit's own fields, read whole (`UnitNode`) or a level at a time (`UnitItem`). */
const unitFields = {
  id: z.number(),
  name: z.string(),
  nameEn: z.string(),
  parentId: z.number().nullable(),
  sortOrder: z.number(),
  userCount: z.number(),
  version: z.number(),
  actions: z.array(z.enum(UNIT_ACTIONS)),
  refusal: refusalSchema.optional(),
  departments: z.array(departmentSchema),
};

export const unitNodeSchema: z.ZodType<UnitNode> = z
  .lazy(() => z.object({ ...unitFields, children: z.array(unitNodeSchema) }))
  .meta({ id: 'UnitNode' });

export const unitTreeSchema = z.array(unitNodeSchema);

/** A unit on the way from the caller's top unit down to another (a picker's label). */
export const unitPathStepSchema = z.object({
  id: z.number(),
  name: z.string(),
  nameEn: z.string(),
});
export type UnitPathStep = z.infer<typeof unitPathStepSchema>;

/**
 * A unit read a level at a time (issue 33: the tree does not grow with the city): a
 * node's fields without its children, whether it has children in the caller's scope,
 * and, from a search, the units above it within that scope, top first (a level's
 * units sit below the unit opened, and their `path` is empty).
 */
export const unitItemSchema = z
  .object({
    ...unitFields,
    hasChildren: z.boolean(),
    path: z.array(unitPathStepSchema),
  })
  .meta({ id: 'UnitItem' });
export type UnitItem = z.infer<typeof unitItemSchema>;

/**
 * The most units a level gives at once (issue 33): a district's 120 street offices
 * come in pages, so that the widest level costs about what a small one does.
 */
export const UNIT_LEVEL_PAGE_SIZE = 50;

const unitIdQuery = z.coerce
  .number({ error: 'validation.invalid' })
  .int('validation.invalid')
  .positive('validation.invalid')
  .max(2_147_483_647, 'validation.invalid');

/**
 * One level: the units directly below `parentId`, or the caller's top units without
 * it; after `after` (the last unit of the page before) in the tree's order.
 */
export const unitLevelQuerySchema = z.object({
  parentId: unitIdQuery.optional(),
  after: unitIdQuery.optional(),
});
export type UnitLevelQuery = z.infer<typeof unitLevelQuerySchema>;

/** A page of a level: at most `UNIT_LEVEL_PAGE_SIZE` units, and whether more follow. */
export const unitLevelPageSchema = z
  .object({ list: z.array(unitItemSchema), hasMore: z.boolean() })
  .meta({ id: 'UnitLevelPage' });
export type UnitLevelPage = z.infer<typeof unitLevelPageSchema>;

/** The most units a keyword finds: a picker shows them, and a longer keyword narrows them. */
export const UNIT_SEARCH_LIMIT = 20;

/**
 * Units by a keyword in either name (at most `UNIT_SEARCH_LIMIT`), or by id (a form's
 * chosen units, to label them): `ids` as an array or comma-separated text.
 */
export const unitSearchQuerySchema = z
  .object({
    keyword: z.string().trim().max(64, 'validation.tooLong').optional(),
    ids: idListQuerySchema.optional(),
  })
  .refine((query) => Boolean(query.keyword) || (query.ids?.length ?? 0) > 0, {
    error: 'validation.required',
    path: ['keyword'],
  });
export type UnitSearchQuery = z.infer<typeof unitSearchQuerySchema>;

/**
 * What the user form chooses from besides units (which it reads a level at a time:
 * `SYSTEM_PATHS.unitLevel`): the roles the caller may give. A holder of the user codes
 * needs no unit or role code to fill the form.
 */
export const userOptionsSchema = z.object({
  roles: z.array(z.object({ id: z.string(), name: z.string(), nameEn: z.string() })),
});
export type UserOptions = z.infer<typeof userOptionsSchema>;

export const sortOrderSchema = z.coerce
  .number({ error: 'validation.invalid' })
  .int('validation.invalid')
  .min(0, 'validation.invalid')
  .max(1_000_000, 'validation.invalid');

export const unitCreateSchema = z.object({
  ...bilingualNameShape,
  parentId: idSchema.nullable().default(null),
  sortOrder: sortOrderSchema.default(0),
});
export type UnitCreate = z.input<typeof unitCreateSchema>;
export const unitEditSchema = unitCreateSchema.extend({ version: versionSchema });
export type UnitEdit = z.input<typeof unitEditSchema>;

export const departmentCreateSchema = z.object({
  ...bilingualNameShape,
  organizationId: idSchema,
  sortOrder: sortOrderSchema.default(0),
});
export type DepartmentCreate = z.input<typeof departmentCreateSchema>;
export const departmentEditSchema = departmentCreateSchema.extend({ version: versionSchema });
export type DepartmentEdit = z.input<typeof departmentEditSchema>;

// ----- Menus -----

const menuAddress = z
  .string()
  .trim()
  .max(2000, 'validation.tooLong')
  .refine(isAllowedMenuAddress, 'system.menu.addressInvalid');

export interface AdminMenuEntry {
  id: number;
  parentId: number | null;
  kind: (typeof MENU_ENTRY_KINDS)[number];
  code: string;
  name: string;
  nameEn: string;
  icon: string | null;
  url: string;
  query: Record<string, string>;
  integrated: boolean;
  externalUrl: string;
  hasTwo: boolean;
  sortOrder: number;
  visible: boolean;
  permission: string | null;
  builtIn: boolean;
  /** The registered subsystem the entry opens (issue 22): its frame gets that subsystem's token. */
  subsystemId: number | null;
  version: number;
  /** The roles whose holders have this entry (the system administrator's role included where it reaches it). */
  holders: { id: string; name: string; nameEn: string }[];
  children: AdminMenuEntry[];
}
export const adminMenuEntrySchema: z.ZodType<AdminMenuEntry> = z
  .lazy(() =>
    z.object({
      id: z.number(),
      parentId: z.number().nullable(),
      kind: z.enum(MENU_ENTRY_KINDS),
      code: z.string(),
      name: z.string(),
      nameEn: z.string(),
      icon: z.string().nullable(),
      url: z.string(),
      query: z.record(z.string(), z.string()),
      integrated: z.boolean(),
      externalUrl: z.string(),
      hasTwo: z.boolean(),
      sortOrder: z.number(),
      visible: z.boolean(),
      permission: z.string().nullable(),
      builtIn: z.boolean(),
      /** The registered subsystem the entry opens (issue 22): its frame gets that subsystem's token. */
      subsystemId: z.number().nullable(),
      version: z.number(),
      holders: z.array(z.object({ id: z.string(), name: z.string(), nameEn: z.string() })),
      children: z.array(adminMenuEntrySchema),
    }),
  )
  .meta({ id: 'AdminMenuEntry' });

/** The step between siblings' orders: a new entry goes last, leaving room to slot one between. */
const MENU_ORDER_STEP = 10;

/** The order that puts a new entry last among these siblings. */
export function nextSortOrder(siblings: readonly { sortOrder: number }[]): number {
  return (
    siblings.reduce((max, sibling) => Math.max(max, sibling.sortOrder), -MENU_ORDER_STEP) +
    MENU_ORDER_STEP
  );
}

export const adminMenuTreeSchema = z.array(adminMenuEntrySchema);

const menuFields = {
  ...bilingualNameShape,
  parentId: idSchema.nullable().default(null),
  kind: z.enum(MENU_ENTRY_KINDS, { error: 'validation.invalid' }),
  icon: z.enum(MENU_ICONS, { error: 'validation.invalid' }).nullable().default(null),
  url: menuAddress.default(''),
  query: z
    .record(
      z.string().trim().min(1).max(64, 'validation.tooLong'),
      z.string().max(500, 'validation.tooLong'),
    )
    .refine((value) => Object.keys(value).length <= 20, 'validation.invalid')
    .default({}),
  integrated: z.boolean().default(false),
  externalUrl: menuAddress.default(''),
  hasTwo: z.boolean().default(false),
  /** Left out, a new entry goes last among its siblings (their largest order + 10). */
  sortOrder: sortOrderSchema.optional(),
  visible: z.boolean().default(true),
  permission: z
    .string()
    .trim()
    .regex(PERMISSION_CODE_PATTERN, 'system.menu.permissionInvalid')
    .nullable()
    .default(null),
  /** The registered subsystem the entry opens (issue 22), or none. */
  subsystemId: idSchema.nullable().default(null),
};
export const menuCreateSchema = z.object({
  code: z
    .string({ error: 'validation.required' })
    .trim()
    .regex(MENU_CODE_PATTERN, 'system.menu.codeInvalid'),
  ...menuFields,
});
export type MenuCreate = z.input<typeof menuCreateSchema>;
export const menuEditSchema = menuCreateSchema.extend({ version: versionSchema });
export type MenuEdit = z.input<typeof menuEditSchema>;

// ----- Subsystems (issue 22) -----

const subsystemOrigin = z
  .string({ error: 'validation.required' })
  .trim()
  .max(255, 'validation.tooLong')
  .refine(isSubsystemOrigin, 'system.subsystem.originInvalid');
const subsystemAddress = z
  .string({ error: 'validation.required' })
  .trim()
  .max(1000, 'validation.tooLong')
  .refine(isSubsystemAddress, 'system.subsystem.addressInvalid');
const addressList = <T extends z.ZodType<string>>(item: T) =>
  z
    .array(item)
    .max(SUBSYSTEM_MAX_ADDRESSES, 'system.subsystem.tooManyAddresses')
    .refine((list) => new Set(list).size === list.length, 'system.subsystem.duplicateAddress');

/** A registered subsystem as the console shows it; its secret is never shown again. */
export const subsystemSchema = z
  .object({
    id: z.number(),
    clientId: z.string(),
    name: z.string(),
    nameEn: z.string(),
    kind: z.enum(SUBSYSTEM_KINDS),
    /** Whether a secret is set (confidential clients); the secret itself is stored hashed. */
    hasSecret: z.boolean(),
    origins: z.array(z.string()),
    redirectUris: z.array(z.string()),
    postLogoutRedirectUris: z.array(z.string()),
    backchannelLogoutUri: z.string().nullable(),
    claims: z.array(z.enum(SUBSYSTEM_CLAIMS)),
    tokenLifetime: z.number(),
    enabled: z.boolean(),
    /** The product's own (the demo subsystem): it stays a public client and cannot be removed. */
    builtIn: z.boolean(),
    /** Menu entries that open this subsystem. */
    menuEntries: z.array(z.object({ id: z.number(), name: z.string(), nameEn: z.string() })),
    version: z.number(),
  })
  .meta({ id: 'Subsystem' });
export type Subsystem = z.infer<typeof subsystemSchema>;
export const subsystemListSchema = z.array(subsystemSchema);

const subsystemFields = {
  ...bilingualNameShape,
  kind: z.enum(SUBSYSTEM_KINDS, { error: 'validation.invalid' }),
  origins: addressList(subsystemOrigin).default([]),
  redirectUris: addressList(subsystemAddress).default([]),
  postLogoutRedirectUris: addressList(subsystemAddress).default([]),
  backchannelLogoutUri: subsystemAddress.nullable().default(null),
  claims: z
    .array(z.enum(SUBSYSTEM_CLAIMS, { error: 'validation.invalid' }))
    .max(SUBSYSTEM_CLAIMS.length, 'validation.invalid')
    .default([...SUBSYSTEM_DEFAULT_CLAIMS]),
  tokenLifetime: z.coerce
    .number({ error: 'validation.invalid' })
    .int('validation.invalid')
    .min(SUBSYSTEM_TOKEN_LIFETIME_MIN, 'system.subsystem.lifetimeRange')
    .max(SUBSYSTEM_TOKEN_LIFETIME_MAX, 'system.subsystem.lifetimeRange')
    .default(SUBSYSTEM_TOKEN_LIFETIME_DEFAULT),
  enabled: z.boolean().default(true),
};
export const subsystemCreateSchema = z.object({
  clientId: z
    .string({ error: 'validation.required' })
    .trim()
    .regex(SUBSYSTEM_CLIENT_ID_PATTERN, 'system.subsystem.clientIdInvalid'),
  ...subsystemFields,
});
export type SubsystemCreate = z.input<typeof subsystemCreateSchema>;
export const subsystemEditSchema = z.object({ ...subsystemFields, version: versionSchema });
export type SubsystemEdit = z.input<typeof subsystemEditSchema>;
/** The answer of a creation or a new secret: the secret, shown this once (null for a public client). */
export const subsystemIssuedSchema = z.object({
  subsystem: subsystemSchema,
  clientSecret: z.string().nullable(),
});
export type SubsystemIssued = z.infer<typeof subsystemIssuedSchema>;

/** The shell asks for a menu entry's frame token (issue 22). */
export const frameTokenRequestSchema = z.object({ menuId: idSchema });
export type FrameTokenRequest = z.input<typeof frameTokenRequestSchema>;
/**
 * A subsystem's own token for the frame, and the origin it may be given to;
 * `token` null: the entry's address matches no registered, enabled subsystem.
 */
export const frameTokenSchema = z.object({
  token: z.string().nullable(),
  origin: z.string().nullable(),
  clientId: z.string().nullable(),
  expiresIn: z.number(),
});
export type FrameToken = z.infer<typeof frameTokenSchema>;
