import { AUDIT_ACTIONS, AUDIT_ACTION_NAMES, AUDIT_FIELD_LABELS } from '@cityops/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, registerTexts } from '@/lib/i18n';
import { auditTexts } from '@/locales/audit-texts';
import { auditActionName, auditFieldLabel } from './audit-names';

beforeAll(async () => {
  registerTexts(auditTexts);
  await initI18n('zh-CN');
});

describe('the audit screen’s words from the feature manifests', () => {
  it('labels each field no console form names, and names each action, in the reader’s language', async () => {
    for (const language of ['zh-CN', 'en'] as const) {
      await i18n.changeLanguage(language);
      for (const [field, label] of Object.entries(AUDIT_FIELD_LABELS[language])) {
        expect(auditFieldLabel(i18n.t, field, 'audit')).toBe(label);
      }
      for (const action of AUDIT_ACTIONS) {
        expect(auditActionName(action)).toBe(AUDIT_ACTION_NAMES[language][action]);
      }
    }
    await i18n.changeLanguage('zh-CN');
    expect(auditFieldLabel(i18n.t, 'records', 'audit')).toBe('记录数');
    expect(auditFieldLabel(i18n.t, 'somethingNew', 'audit')).toBe('somethingNew');
  });
});
