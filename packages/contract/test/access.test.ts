import { describe, expect, it } from 'vitest';
import { PERMISSION_CODES, hasPermission, isPermissionCode } from '../src/index.js';

describe('access rules', () => {
  it('answers from the codes the holder carries, nothing else', () => {
    const editor = { permissions: ['guide:article:write', 'gis:feature:write'] };
    expect(hasPermission(editor, 'guide:article:write')).toBe(true);
    expect(hasPermission(editor, 'guide:category:write')).toBe(false);
    expect(hasPermission({ permissions: [] }, 'system:user:read')).toBe(false);
  });

  it('knows every code once, each as <area>:<object>:<action>', () => {
    expect(new Set(PERMISSION_CODES).size).toBe(PERMISSION_CODES.length);
    for (const code of PERMISSION_CODES) {
      expect(code).toMatch(/^[a-z]+:[a-z]+:[a-z-]+$/);
      expect(isPermissionCode(code)).toBe(true);
    }
    expect(isPermissionCode('system:user:everything')).toBe(false);
  });
});
