/** Merges resource objects deeply: later parts win, nested groups are combined. */
export function merge(...parts: object[]): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      const existing = result[key];
      result[key] =
        typeof existing === 'object' && existing !== null && typeof value === 'object'
          ? merge(existing, value as object)
          : value;
    }
  }
  return result;
}
