import { AUDIT_ACTIONS, AUDIT_ACTION_NAMES, auditFieldOf, auditFieldsOf } from '@cityops/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, registerTexts } from '@/lib/i18n';
import { auditTexts } from '@/locales/audit-texts';
import { auditActionName, auditFieldLabel } from './audit-names';

beforeAll(async () => {
  registerTexts(auditTexts);
  await initI18n('zh-CN');
});

describe('the audit screen’s words from the feature manifests', () => {
  it('labels each field as its action declares it, and names each action, in the reader’s language', async () => {
    for (const language of ['zh-CN', 'en'] as const) {
      await i18n.changeLanguage(language);
      for (const action of AUDIT_ACTIONS) {
        expect(auditActionName(action)).toBe(AUDIT_ACTION_NAMES[language][action]);
        for (const field of auditFieldsOf(action)) {
          expect(auditFieldLabel(language, action, field)).toBe(
            auditFieldOf(action, field)!.label[language],
          );
        }
      }
    }
    expect(auditFieldLabel('zh-CN', 'audit.export', 'records')).toBe('记录数');
    expect(auditFieldLabel('zh-CN', 'user.update', 'name')).toBe('姓名');
    expect(auditFieldLabel('zh-CN', 'role.update', 'name')).toBe('角色名称');
    // An old record's field its action no longer declares: another action's label, else the key.
    expect(auditFieldLabel('zh-CN', 'user.update', 'dataScope')).toBe('数据范围');
    expect(auditFieldLabel('zh-CN', 'audit.export', 'somethingNew')).toBe('somethingNew');
  });
});
