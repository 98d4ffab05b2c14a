/** The query key of the header's weather. */
export const weatherKeys = {
  current: () => ['config', 'weather'] as const,
};
