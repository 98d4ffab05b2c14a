import { describe, expect, expectTypeOf, it } from 'vitest';
import * as contract from '../src/index.js';
import {
  AUDIT_ACTIONS,
  AUDIT_ACTION_NAMES,
  type AuditAction,
  FEATURE_MANIFESTS,
  type FeatureManifest,
  PERMISSION_CODES,
  type PermissionCode,
  RESERVED_PERMISSIONS,
  SEPARATED_ROLES,
  SYSTEM_PATHS,
} from '../src/index.js';

const manifests: readonly FeatureManifest[] = FEATURE_MANIFESTS;
const languages = ['en', 'zh-CN'] as const;

/** Every value that occurs twice in the list. */
const repeated = (values: readonly string[]) =>
  [...new Set(values.filter((value, index) => values.indexOf(value) !== index))].sort();

const named = (part: 'permissions' | 'auditActions' | 'auditFields' | 'auditTargets') =>
  manifests.flatMap((manifest) =>
    Object.entries(manifest[part] ?? {}).map(([code, declaration]) => ({
      feature: manifest.feature,
      code,
      name:
        'label' in declaration
          ? declaration.label
          : 'name' in declaration
            ? declaration.name
            : declaration,
    })),
  );

/** Every path a manifest declares, as `GROUP.key` and its value. */
const declaredPaths = manifests.flatMap((manifest) =>
  Object.entries(manifest.paths ?? {}).flatMap(([group, paths]) =>
    typeof paths === 'string'
      ? [{ feature: manifest.feature, group, key: group, path: paths }]
      : Object.entries(paths).map(([key, path]) => ({
          feature: manifest.feature,
          group,
          key: `${group}.${key}`,
          path,
        })),
  ),
);

describe('the feature manifests', () => {
  it('each have a feature name of their own', () => {
    expect(repeated(manifests.map((manifest) => manifest.feature))).toEqual([]);
  });

  it('name every permission code, audit action, audit field and target kind in both languages', () => {
    for (const part of ['permissions', 'auditActions', 'auditFields', 'auditTargets'] as const) {
      for (const { feature, code, name } of named(part)) {
        for (const language of languages) {
          expect(name[language]?.trim(), `${feature}: ${part} ${code} (${language})`).toBeTruthy();
        }
        // The Chinese name is Chinese, not the English one copied.
        expect(name['zh-CN'], `${feature}: ${code}`).not.toBe(name.en);
      }
    }
  });

  it('declare each permission code, audit action and target kind once, across all of them', () => {
    // An audit field is its feature's: a user's 姓名 and a role's 角色名称 are both `name`.
    for (const part of ['permissions', 'auditActions', 'auditTargets'] as const) {
      expect(repeated(named(part).map(({ code }) => code)), part).toEqual([]);
    }
  });

  it('write permission codes as <area>:<object>:<action> and audit actions as dotted names', () => {
    for (const { code } of named('permissions')) expect(code).toMatch(/^[a-z]+:[a-z]+:[a-z-]+$/);
    for (const { code } of named('auditActions')) expect(code).toMatch(/^[a-z]+(\.[a-z-]+)+$/);
    for (const { code } of named('auditFields')) expect(code).toMatch(/^[a-z][A-Za-z]*$/);
    for (const { code } of named('auditTargets')) expect(code).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it('declare each API path once, across all of them, below /api', () => {
    expect(repeated(declaredPaths.map(({ key }) => key))).toEqual([]);
    expect(repeated(declaredPaths.map(({ path }) => path))).toEqual([]);
    for (const { path } of declaredPaths) expect(path).toMatch(/^\/[\w-]+(\/[\w:-]+)*$/);
  });

  it("have every path group exported by the contract, holding every manifest's paths", () => {
    for (const { group, key, path } of declaredPaths) {
      const exported = (contract as Record<string, unknown>)[group];
      expect(exported, `contract export ${group}`).toBeDefined();
      const value =
        typeof exported === 'string'
          ? exported
          : (exported as Record<string, string>)[key.slice(group.length + 1)];
      expect(value, key).toBe(path);
    }
  });

  it('declare each menu entry once, under a directory some manifest declares', () => {
    const entries = manifests.flatMap((manifest) => manifest.menu ?? []);
    const codes = entries.map((entry) => entry.code);
    expect(repeated(codes)).toEqual([]);
    const directories = new Set(
      entries.filter((entry) => entry.kind === 'directory').map((entry) => entry.code),
    );
    for (const entry of entries) {
      for (const language of languages) expect(entry.name[language]?.trim()).toBeTruthy();
      if (entry.parent !== undefined) expect(directories, entry.code).toContain(entry.parent);
    }
    // Every permission code has its action entry in a page or directory that exists.
    for (const manifest of manifests) {
      for (const [code, permission] of Object.entries(manifest.permissions ?? {})) {
        expect(codes, code).toContain(permission.entry);
        // An action entry's code is the permission's; none may clash with a page's.
        expect(codes).not.toContain(code.replace(/[:-]/g, '_'));
      }
    }
  });

  it('reserve codes only to a separated role, which is then the one granted it', () => {
    for (const manifest of manifests) {
      for (const [code, permission] of Object.entries(manifest.permissions ?? {})) {
        if (permission.reservedTo === undefined) continue;
        expect(SEPARATED_ROLES, code).toContain(permission.reservedTo);
        expect(permission.grantedTo ?? [], code).toEqual([]);
      }
    }
  });
});

describe('the lists derived from the manifests', () => {
  it('hold every permission code and audit action of the manifests, in their order', () => {
    expect(PERMISSION_CODES).toEqual(named('permissions').map(({ code }) => code));
    expect(AUDIT_ACTIONS).toEqual(named('auditActions').map(({ code }) => code));
    for (const language of languages) {
      expect(Object.keys(AUDIT_ACTION_NAMES[language])).toEqual(AUDIT_ACTIONS);
    }
    expect(AUDIT_ACTION_NAMES['zh-CN']['audit.export']).toBe('导出审计日志');
    expect(RESERVED_PERMISSIONS['system:audit:read']).toBe('auditor');
    expect(RESERVED_PERMISSIONS['system:user:read']).toBeUndefined();
  });

  it('keep their literal types', () => {
    expectTypeOf<PermissionCode>().toEqualTypeOf<(typeof PERMISSION_CODES)[number]>();
    expectTypeOf<'system:audit:read'>().toExtend<PermissionCode>();
    expectTypeOf<'system:nothing:read'>().not.toExtend<PermissionCode>();
    expectTypeOf<'audit.export'>().toExtend<AuditAction>();
    expectTypeOf<string>().not.toExtend<AuditAction>();
    expectTypeOf(SYSTEM_PATHS.user).toEqualTypeOf<'/system/users/:id'>();
    expectTypeOf(
      contract.GUIDE_PATHS.publish,
    ).toEqualTypeOf<'/business-guide/articles/:id/publish'>();
  });
});
