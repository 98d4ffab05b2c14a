import { describe, expect, it } from 'vitest';
import {
  PERMISSION_ROLES,
  canEditMap,
  canWriteGuide,
  hasPermission,
  isAdministrator,
} from '../src/index.js';

describe('access rules', () => {
  const admin = { roleIds: ['admin'] };
  const editor = { roleIds: ['editor'] };
  const staff = { roleIds: ['staff'] };

  it('gives administrators every rule', () => {
    for (const rule of Object.keys(PERMISSION_ROLES) as (keyof typeof PERMISSION_ROLES)[]) {
      expect(hasPermission(admin, rule)).toBe(true);
    }
    expect(isAdministrator(admin)).toBe(true);
    expect(isAdministrator(editor)).toBe(false);
  });

  it('gives editors the writing rules only', () => {
    expect(hasPermission(editor, 'guide:article:write')).toBe(true);
    expect(hasPermission(editor, 'gis:feature:write')).toBe(true);
    expect(hasPermission(editor, 'guide:category:write')).toBe(false);
    expect(hasPermission(editor, 'system:message:send')).toBe(false);
  });

  it('gives staff none, and a holder of several roles the union', () => {
    expect(
      Object.keys(PERMISSION_ROLES).some((rule) =>
        hasPermission(staff, rule as 'guide:article:write'),
      ),
    ).toBe(false);
    expect(hasPermission({ roleIds: ['staff', 'editor'] }, 'guide:article:write')).toBe(true);
  });

  it('answers the guide and map helpers from the same rules', () => {
    expect(canWriteGuide(['editor'])).toBe(true);
    expect(canWriteGuide(['staff'])).toBe(false);
    expect(canEditMap(['admin'])).toBe(true);
    expect(canEditMap(['staff'])).toBe(false);
  });
});
