/** The seed's "now": demo password ages are counted from it. */
export const TEST_EPOCH = new Date('2026-06-01T08:00:00Z');
