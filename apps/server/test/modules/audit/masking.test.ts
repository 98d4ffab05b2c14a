import { AUDIT_MASK } from '@cityops/contract';
import { describe, expect, it } from 'vitest';
import { changedFields, masked } from '../../../src/modules/audit/audit-writer.js';

describe('what the trail keeps of a change', () => {
  it('masks secrets and shortens mobile numbers, and keeps identifiers named "code"', () => {
    expect(
      masked({
        password: 'Secret#2026',
        initialPassword: 'x',
        tokenHash: 'abc',
        apiKey: 'k',
        mobile: '13912345678',
        code: 'city_dashboard',
        name: '张伟',
        missing: undefined,
        cleared: null,
      }),
    ).toEqual({
      password: AUDIT_MASK,
      initialPassword: AUDIT_MASK,
      tokenHash: AUDIT_MASK,
      apiKey: AUDIT_MASK,
      mobile: '139****5678',
      code: 'city_dashboard',
      name: '张伟',
      cleared: null,
    });
  });

  it('keeps only the fields that changed, on both sides', () => {
    expect(
      changedFields(
        { name: '张伟', roleIds: ['staff'], mobile: '13912345678' },
        { name: '张伟', roleIds: ['editor', 'staff'], mobile: '13912345679' },
      ),
    ).toEqual({
      before: { roleIds: ['staff'], mobile: '139****5678' },
      after: { roleIds: ['editor', 'staff'], mobile: '139****5679' },
    });
  });
});
