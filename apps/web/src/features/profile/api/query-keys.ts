/** Every query key of the personal-info dialog: units and the departments of one. */
export const profileKeys = {
  units: () => ['organ', 'cascade'] as const,
  departments: (orgId: string | undefined) => [...profileKeys.units(), orgId] as const,
};
