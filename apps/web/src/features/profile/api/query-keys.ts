/** Every query key of the personal area: units, the departments of one, own sessions, the second factor. */
export const profileKeys = {
  ownSessions: () => ['profile', 'sessions'] as const,
  units: () => ['organ', 'cascade'] as const,
  departments: (orgId: string | undefined) => [...profileKeys.units(), orgId] as const,
  /** The caller's second factor (issue 13). */
  secondFactor: () => ['user', 'second-factor'] as const,
};
