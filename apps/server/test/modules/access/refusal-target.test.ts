/**
 * A refusal's record names what was attempted (`after.attempted`, the policy's action):
 * the trail puts every action into words in both languages, never its code.
 */
import { auditValueText } from '@cityops/contract';
import { describe, expect, it } from 'vitest';
import { POLICY_ACTIONS, refusalTargetOf } from '../../../src/modules/access/refusal-target.js';

describe('the policy actions on the trail', () => {
  it.each(['en', 'zh-CN'] as const)('are each named in %s', (language) => {
    const unnamed = POLICY_ACTIONS.filter(
      (action) => auditValueText(language, 'attempt', action) === action,
    );
    expect(unnamed).toEqual([]);
  });

  it('name a plain record by the kind its target declares', () => {
    expect(refusalTargetOf('platform.write', { kind: 'setting', id: 'map', name: null })).toEqual({
      kind: 'setting',
      id: 'map',
    });
    expect(
      refusalTargetOf('content.write', { kind: 'map-layer', id: null, name: 'Roads' }),
    ).toEqual({ kind: 'map-layer', id: '', name: 'Roads' });
  });
});
