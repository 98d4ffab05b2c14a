import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  AUDIT_MASK,
  type AuditNames,
  type AuditValueKind,
  FEATURE_MANIFESTS,
  type FeatureManifest,
  auditChangeText,
  auditReasonName,
  auditFieldOf,
  auditFieldsOf,
  auditReferences,
  auditValueText,
  undeclaredAuditFields,
} from '../src/index.js';

/**
 * The audit-field walk (issue 31): every action the trail records declares each field of
 * its before and after with a label in both languages and a kind of value the screen puts
 * into words. The server's route walk checks that the records written hold no other field
 * (apps/server/test/plugins/route-walk.test.ts).
 */

const manifests: readonly FeatureManifest[] = FEATURE_MANIFESTS;
const languages = ['en', 'zh-CN'] as const;

/** What a form's label carries that a record's label must not: a hint, or a unit the value shows. */
const HINT = /选填|可选|必填|optional|required|（秒）|（分钟）|（天）|\((seconds|minutes|days)\)/i;

type StringKind = Extract<AuditValueKind, string>;

const names: AuditNames = {
  roles: { staff: '工作人员' },
  units: { '5': '江北区城市管理局' },
  departments: { '7': '执法科' },
  entries: { '9': '环卫调度' },
  subsystems: { '3': '数据共享交换平台' },
  users: { '42': '张伟（zhang.wei）' },
  categories: { '2': '政策法规' },
  layers: { '4': '公厕' },
};

/**
 * For each kind, a stored value and what it must not read as (the stored code, or JSON).
 * A kind added to `AuditValueKind` without a sample here does not compile.
 */
const SAMPLES: Record<StringKind, { value: unknown; raw?: string }> = {
  text: { value: '张伟' },
  code: { value: 'zhang.wei' },
  count: { value: 3 },
  number: { value: 10 },
  celsius: { value: 21, raw: '21' },
  seconds: { value: 600, raw: '600' },
  minutes: { value: 15, raw: '15' },
  days: { value: 90, raw: '90' },
  boolean: { value: true, raw: 'true' },
  time: { value: '2026-11-29T00:35:00.000Z', raw: '2026-11-29T00:35:00.000Z' },
  url: { value: ['https://a.example.gov.cn/cb'] },
  secret: { value: AUDIT_MASK, raw: AUDIT_MASK },
  roles: { value: ['staff'], raw: 'staff' },
  units: { value: 5, raw: '5' },
  departments: { value: 7, raw: '7' },
  entries: { value: [9], raw: '9' },
  subsystems: { value: 3, raw: '3' },
  users: { value: 42, raw: '42' },
  categories: { value: 2, raw: '2' },
  layers: { value: 4, raw: '4' },
  permission: { value: 'system:user:read', raw: 'system:user:read' },
  action: { value: 'subsystem.create', raw: 'subsystem.create' },
  attempt: { value: 'user.grant', raw: 'user.grant' },
  outcome: { value: 'refused', raw: 'refused' },
  'target-kind': { value: 'subsystem', raw: 'subsystem' },
  query: { value: { system: 'sanitation' } },
  properties: { value: { 开放时间: '6:00-22:00' } },
  coordinates: { value: [114.3, 30.58] },
  'tile-layers': { value: [{ id: 'base', name: '底图', nameEn: 'Base', url: '/t/{z}/{x}/{y}' }] },
};

const everyField = manifests.flatMap((manifest) =>
  Object.entries(manifest.auditActions ?? {}).flatMap(([action, declaration]) =>
    declaration.fields.map((field) => ({ feature: manifest.feature, action, field })),
  ),
);

describe('the audit-field walk', () => {
  it('finds a declaration, labelled in both languages without a hint, for every field of every action', () => {
    const missing: string[] = [];
    for (const action of AUDIT_ACTIONS) {
      for (const field of auditFieldsOf(action)) {
        const declared = auditFieldOf(action, field);
        if (!declared) {
          missing.push(`${action}: ${field}`);
          continue;
        }
        for (const language of languages) {
          const label = declared.label[language]?.trim();
          expect(label, `${action}: ${field} (${language})`).toBeTruthy();
          expect(label, `${action}: ${field} (${language})`).not.toMatch(HINT);
          expect(label, `${action}: ${field} (${language}) is the key`).not.toBe(field);
        }
        expect(declared.label['zh-CN'], `${action}: ${field}`).not.toBe(declared.label.en);
        expect(declared.label['zh-CN'], `${action}: ${field}`).toMatch(/[\u4e00-\u9fff]/);
      }
    }
    expect(missing).toEqual([]);
    expect(everyField.length).toBeGreaterThan(100);
  });

  it('shows no value of any declared field raw: codes, booleans, durations and ids in words', () => {
    const raw: string[] = [];
    for (const { action, field } of everyField) {
      const { value: kind } = auditFieldOf(action, field)!;
      for (const language of languages) {
        if (typeof kind === 'object') {
          for (const [code, words] of Object.entries(kind.enum)) {
            expect(words[language]?.trim(), `${action}: ${field}=${code}`).toBeTruthy();
            const text = auditValueText(language, kind, code);
            if (text !== words[language]) raw.push(`${action}: ${field}=${code} → ${text}`);
          }
          expect(words(kind.enum, 'zh-CN'), `${action}: ${field}`).not.toEqual(
            words(kind.enum, 'en'),
          );
          continue;
        }
        const sample = SAMPLES[kind];
        const text = auditValueText(language, kind, sample.value, { names });
        if (!text || /[{}[\]"]/.test(text) || (sample.raw !== undefined && text === sample.raw)) {
          raw.push(`${action}: ${field} (${kind}, ${language}) → ${text}`);
        }
      }
    }
    expect(raw).toEqual([]);
  });

  it('names every action, policy action and permission code a record may carry', () => {
    for (const language of languages) {
      for (const action of AUDIT_ACTIONS) {
        expect(auditValueText(language, 'action', action)).not.toBe(action);
      }
      for (const manifest of manifests) {
        for (const code of Object.keys(manifest.permissions ?? {})) {
          expect(auditValueText(language, 'permission', code)).not.toBe(code);
        }
      }
    }
  });

  it('puts the formatter’s kinds into words as a reader expects them', () => {
    expect(auditValueText('zh-CN', 'seconds', 600)).toBe('10 分钟');
    expect(auditValueText('en', 'seconds', 90)).toBe('90 seconds');
    expect(auditValueText('zh-CN', 'minutes', 15)).toBe('15 分钟');
    expect(auditValueText('zh-CN', 'boolean', false)).toBe('否');
    expect(auditValueText('zh-CN', 'secret', AUDIT_MASK)).toBe('已隐去');
    expect(auditValueText('zh-CN', 'secret', null)).toBe('无');
    expect(auditValueText('zh-CN', 'roles', ['staff', 'gone'], { names })).toBe(
      '工作人员、编号 gone',
    );
    expect(auditValueText('zh-CN', 'query', { system: 'a', tab: 'b' })).toBe('system=a&tab=b');
    expect(auditValueText('en', 'attempt', 'user.grant')).toBe('Give or take roles');
    const kind = auditFieldOf('subsystem.create', 'kind')!.value;
    expect(auditValueText('zh-CN', kind, 'confidential')).toBe('机密客户端');
    expect(auditFieldOf('subsystem.create', 'tokenLifetime')!.label['zh-CN']).toBe('令牌有效期');
    // The label is the action's feature's: a user's 姓名, a role's 角色名称.
    expect(auditFieldOf('user.update', 'name')!.label['zh-CN']).toBe('姓名');
    expect(auditFieldOf('role.update', 'name')!.label['zh-CN']).toBe('角色名称');
    // A refusal of any action records what was tried.
    expect(auditFieldOf('user.update', 'attempted')!.value).toBe('attempt');
  });

  it('finds the fields a record holds that its action does not declare, and the ids to name', () => {
    expect(undeclaredAuditFields('user.disable', { disabled: false }, { disabled: true })).toEqual(
      [],
    );
    expect(undeclaredAuditFields('user.disable', null, { disabled: true, roleIds: [] })).toEqual([
      'roleIds',
    ]);
    expect(
      auditReferences({
        action: 'subsystem.logout',
        before: null,
        after: { userId: 42, sid: 'x', reason: 'sign-out', attempts: 1 },
      }).users,
    ).toEqual(['42']);
    expect(
      auditReferences({
        action: 'menu.update',
        before: { parentId: 9, subsystemId: null },
        after: { parentId: 10, subsystemId: 3 },
      }),
    ).toMatchObject({ entries: ['9', '10'], subsystems: ['3'], units: [] });
  });

  it('tells a record’s changes in one line of words, for the exports', () => {
    expect(
      auditChangeText(
        'zh-CN',
        {
          action: 'subsystem.update',
          before: { tokenLifetime: 300, enabled: false },
          after: { tokenLifetime: 600, enabled: true },
        },
        { names },
      ),
    ).toBe('令牌有效期：5 分钟 → 10 分钟；已启用：否 → 是');
    expect(
      auditChangeText(
        'en',
        { action: 'user.create', before: null, after: { roleIds: ['staff'], organizationId: 5 } },
        { names },
      ),
    ).toBe('Roles: 工作人员; Unit: 江北区城市管理局');
  });

  it('says a reason in words: a refused route’s permission, a subsystem’s failure', () => {
    expect(auditReasonName('zh-CN', 'system:user:read')).toBe('缺少权限：查询用户');
    expect(auditReasonName('en', 'system:audit:export')).toBe(
      'Missing permission: Export the trail',
    );
    expect(auditReasonName('zh-CN', 'http-503')).toBe('子系统返回 HTTP 503');
    expect(auditReasonName('zh-CN', 'ECONNREFUSED')).toBe('子系统拒绝连接');
    expect(auditReasonName('zh-CN', 'invalid_client')).toBe('客户端不存在或密钥错误');
    expect(auditReasonName('zh-CN', 'something-new')).toBe('something-new');
  });

  it('declares no field that no action records', () => {
    for (const manifest of manifests) {
      const used = new Set(
        Object.values(manifest.auditActions ?? {}).flatMap((action) => action.fields),
      );
      for (const field of Object.keys(manifest.auditFields ?? {})) {
        expect(used, `${manifest.feature}: ${field}`).toContain(field);
      }
    }
  });
});

function words(table: Record<string, { en: string; 'zh-CN': string }>, language: 'en' | 'zh-CN') {
  return Object.values(table).map((name) => name[language]);
}
