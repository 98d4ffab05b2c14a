import { describe, expect, it } from 'vitest';
import { formatArea, formatLength } from './format';

describe('measurement formats', () => {
  it('switches units at a sensible size', () => {
    expect(formatLength(12.34)).toBe('12.3 m');
    expect(formatLength(1234.5)).toBe('1.234 km');
    expect(formatArea(500)).toBe('500.0 m²');
    expect(formatArea(2_500_000)).toBe('2.5000 km²');
  });
});
