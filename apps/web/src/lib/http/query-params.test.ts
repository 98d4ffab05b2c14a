import { describe, expect, it } from 'vitest';
import { queryParams } from './query-params';

describe('queryParams', () => {
  it('drops the empty filters and keeps the rest, zero included', () => {
    expect(
      queryParams({ keyword: '', unit: undefined, role: null, pageIndex: 0, status: 'locked' }),
    ).toEqual({ pageIndex: 0, status: 'locked' });
  });
});
