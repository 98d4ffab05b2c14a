import { describe, expect, it } from 'vitest';
import { limitHeapGrowth } from '../../src/lib/heap-growth.js';

describe('limitHeapGrowth', () => {
  it("leaves an operator's own heap growth alone, on the command line or in NODE_OPTIONS", () => {
    expect(limitHeapGrowth(['--heap-growing-percent=50'], '')).toBe(false);
    expect(limitHeapGrowth([], '--max-old-space-size=1024 --heap_growing_percent=10')).toBe(false);
  });

  it('sets it when nobody did', () => {
    expect(limitHeapGrowth(['--enable-source-maps'], '--max-old-space-size=1024')).toBe(true);
  });
});
