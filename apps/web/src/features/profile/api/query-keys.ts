/** Every query key of the personal-info dialog: units and the departments of one, own sessions. */
export const profileKeys = {
  ownSessions: () => ['profile', 'sessions'] as const,
  units: () => ['organ', 'cascade'] as const,
  departments: (orgId: string | undefined) => [...profileKeys.units(), orgId] as const,
};
